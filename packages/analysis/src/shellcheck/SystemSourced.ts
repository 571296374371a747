/**
 * A script that sources a file of the system (`. /etc/rc.subr`, `. /lib/lsb/init-functions`,
 * `. /etc/init.d/functions`) hands its variables to the framework it sourced: FreeBSD's rc.subr
 * reads `name`, `rcvar`, `start_cmd`, `required_files` … of the rc.d script that set them (puma's
 * `docs/jungle/rc.d/puma`), and a SysV init script's functions read its `pidfile` or `prog`.
 * ShellCheck cannot follow a file outside the checkout, so with the defaults its "appears unused"
 * (SC2034) on such a script is left out: the reader of those variables is the file it could not
 * see. Every other check still applies there, and SC2034 everywhere else.
 */

// `.` or `source`, then an absolute path written out (not `/dev/…`), quoted or not.
const sourcesSystemFile = /^[ \t]*(?:\.|source)[ \t]+["']?\/(?!dev\/)[\w.+/-]+["']?[ \t]*(?:[;#&|]|$)/m

export const unusedVariableCode = 2034

/** Whether the script sources a file outside the checkout by its absolute path. */
export const handsVariablesToSystem = (content: string): boolean => sourcesSystemFile.test(content)
