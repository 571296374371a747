/** The version the command and the server report; its own module so that client commands do not load the server. */
export const version = "0.1.0"
