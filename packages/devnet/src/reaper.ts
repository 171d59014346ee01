import type { ChildProcess } from 'node:child_process'

// Children still running. No anvil may outlive its parent: not when a test throws before its
// cleanup, not when a benchmark forgets to stop, not when vitest ends a worker with SIGTERM.
const running = new Set<ChildProcess>()
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const

function killRunning(): void {
  for (const child of running) child.kill('SIGKILL')
}

/**
 * On a signal nobody else listens for, Node would die without running 'exit' hooks; so the
 * children are killed first and the signal is raised again with no listener left, which ends the
 * process exactly as it would have ended without us. When the host does listen, it owns the
 * shutdown (as the CLI does, stopping its devnet gracefully) and nothing happens here.
 */
function onSignal(signal: NodeJS.Signals): void {
  if (process.listenerCount(signal) > 1) return
  killRunning()
  uninstall()
  process.kill(process.pid, signal)
}

function install(): void {
  process.on('exit', killRunning)
  for (const signal of SIGNALS) process.on(signal, onSignal)
}

function uninstall(): void {
  process.off('exit', killRunning)
  for (const signal of SIGNALS) process.off(signal, onSignal)
}

/**
 * Makes sure `child` is killed if this process ends while it still runs. The hooks exist only
 * while some child does, so a process without a running devnet behaves exactly as before.
 */
export function reapOnExit(child: ChildProcess): void {
  if (running.size === 0) install()
  running.add(child)
  const forget = () => {
    running.delete(child)
    if (running.size === 0) uninstall()
  }
  child.once('exit', forget)
  // A spawn that failed outright has no process, and no 'exit' event will ever come.
  child.once('error', () => child.pid === undefined && forget())
}
