#!/usr/bin/env node
// The workspace's `tidemark` bin. pnpm links bins when it installs, before anything is built, so the
// bin it links is this committed file, which runs the build; the published package's bin is
// dist/bin.js itself (publishConfig.bin).
import "../dist/bin.js"
