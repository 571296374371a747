/** The dashboard's pages, addressed by the URL's hash so the server serves one `index.html`. */
export type Route =
  | { readonly page: "login" }
  | { readonly page: "overview"; readonly cursor?: string | undefined }
  | { readonly page: "repository"; readonly name: string }
  | { readonly page: "delivery" }
  | { readonly page: "notFound"; readonly hash: string }

const decode = (text: string): string | undefined => {
  try {
    return decodeURIComponent(text)
  } catch {
    return undefined
  }
}

export const parseRoute = (hash: string): Route => {
  const path = hash.replace(/^#/, "")
  const [pathname = "", search = ""] = path.split("?", 2)
  if (pathname === "" || pathname === "/") {
    const cursor = new URLSearchParams(search).get("cursor")
    return { page: "overview", cursor: cursor ?? undefined }
  }
  if (pathname === "/login") return { page: "login" }
  if (pathname === "/delivery") return { page: "delivery" }
  const repository = /^\/repositories\/(.+)$/.exec(pathname)
  const name = repository?.[1] === undefined ? undefined : decode(repository[1])
  if (name !== undefined && name !== "") return { page: "repository", name }
  return { page: "notFound", hash }
}

export const hrefOf = (route: Route): string => {
  switch (route.page) {
    case "login":
      return "#/login"
    case "overview":
      return route.cursor === undefined ? "#/" : `#/?${new URLSearchParams({ cursor: route.cursor }).toString()}`
    case "repository":
      return `#/repositories/${encodeURIComponent(route.name)}`
    case "delivery":
      return "#/delivery"
    case "notFound":
      return route.hash
  }
}
