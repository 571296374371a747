/** Whether a process of this machine still runs: what a lock or a folder named after a pid is checked against. */
export const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return error instanceof Error && "code" in error && error.code === "EPERM"
  }
}
