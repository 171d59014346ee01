import { readdirSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'

/**
 * Whether a process with this pid is alive. A zombie is not: it has exited, and an orphan's
 * zombie lingers until whoever inherited it gets round to reaping it.
 */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
  return processState(pid) !== 'Z'
}

function processState(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0]
  } catch {
    return undefined
  }
}

/** Whether a server can listen on this loopback port right now. */
export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}

/** Holds a loopback port open until the returned function is called. */
export function occupyPort(): Promise<{ port: number; release: () => Promise<void> }> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      if (address === null || typeof address === 'string') return reject(new Error('no port'))
      const release = () => new Promise<void>((done) => server.close(() => done()))
      resolve({ port: address.port, release })
    })
  })
}

/** Pids whose parent is `parentPid`, read from /proc (Linux, like the anvil binary we ship). */
export function childPids(parentPid: number): number[] {
  const children: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      // Field 4 of /proc/<pid>/stat is the ppid; the command name before it may hold spaces.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (ppid === parentPid) children.push(Number(entry))
    } catch {
      // The process ended while we were reading: it is nobody's child any more.
    }
  }
  return children
}

/** This process's children that are anvil binaries. */
export function anvilChildPids(parentPid: number = process.pid): number[] {
  return childPids(parentPid).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0]!.endsWith('/anvil')
    } catch {
      return false
    }
  })
}
