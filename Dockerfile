# syntax=docker/dockerfile:1
# The Tidemark server with every analyser it runs, on Debian 12 (the release whose analyser
# versions docs/analysis-tools.md was measured with):
#
#   docker build -t tidemark .
#   docker run -p 8080:8080 -v tidemark-data:/data tidemark
#
# The packages are built and packed as a registry would receive them (`pnpm pack`, as the
# packaging test does), then installed with npm outside the workspace: the image holds the
# server's runtime dependencies only, not the workspace's tools.

FROM node:20-bookworm AS build
WORKDIR /src
COPY . .
RUN npx -y pnpm@10.34.9 install --frozen-lockfile \
  && npx -y pnpm@10.34.9 build \
  && mkdir /packs \
  && npx -y pnpm@10.34.9 --recursive --filter "./packages/*" pack --pack-destination /packs

FROM node:20-bookworm-slim
# git reads and checks out repositories (ssh for `git@` remotes); util-linux gives the fences of
# the external analysers (unshare, prlimit, setpriv).
# Then every analyser, from Debian's packages, by the script a server without Docker uses.
COPY scripts/install-analysers.sh /usr/local/bin/tidemark-install-analysers
RUN apt-get update \
  && apt-get install -y --no-install-recommends git ca-certificates openssh-client util-linux \
  && tidemark-install-analysers \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build /packs /packs
RUN npm init -y >/dev/null \
  && npm install --omit=dev --no-audit --no-fund /packs/*.tgz \
  && rm -rf /packs /root/.npm
ENV TIDEMARK_DATA_DIR=/data PORT=8080 HOST=0.0.0.0 NODE_ENV=production
VOLUME /data
EXPOSE 8080
ENTRYPOINT ["/app/node_modules/.bin/tidemark"]
CMD ["serve"]
