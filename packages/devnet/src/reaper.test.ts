import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compilePackage, type CompiledPackage } from './test/compiled.js'
import { isRunning } from './test/processes.js'

let compiled: CompiledPackage
beforeAll(async () => {
  compiled = await compilePackage()
}, 60_000)
afterAll(async () => {
  await compiled?.remove()
})

/**
 * Starts a Node process that starts a devnet and prints its anvil pids; it then waits for a line
 * on stdin (or a signal) and runs `ending`, never stopping the devnet.
 */
function hostWith(ending: string) {
  const script = `
    const { startDevnet } = await import(${JSON.stringify(compiled.index)})
    const devnet = await startDevnet()
    console.log(JSON.stringify(devnet.chains.map((chain) => chain.pid)))
    process.stdin.once('data', () => { ${ending} })
  `
  return spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['pipe', 'pipe', 'pipe'],
  })
}

describe('a process that ends without stopping its devnet', () => {
  it.each([
    {
      how: 'throws, as when a test fails before its cleanup',
      ending: "throw new Error('a test failed before stopping the devnet')",
      signal: undefined,
      exit: { code: 1, signal: null },
    },
    {
      how: 'is sent SIGTERM, as vitest ends its workers',
      ending: '',
      signal: 'SIGTERM' as const,
      exit: { code: null, signal: 'SIGTERM' },
    },
    {
      how: 'is sent SIGINT, as Ctrl-C does',
      ending: '',
      signal: 'SIGINT' as const,
      exit: { code: null, signal: 'SIGINT' },
    },
  ])('takes its anvils with it when it $how', async ({ ending, signal, exit }) => {
    const host = hostWith(ending)
    let pids: number[] = []
    try {
      const [line] = (await once(createInterface({ input: host.stdout }), 'line')) as [string]
      pids = JSON.parse(line) as number[]
      expect(pids).toHaveLength(2)
      expect(pids.every(isRunning)).toBe(true)
      if (signal) host.kill(signal)
      else host.stdin.write('end\n')
      const [code, endedBy] = (await once(host, 'exit')) as [number | null, string | null]
      // Ended the way it would have without a devnet: the signal is not swallowed.
      expect({ code, signal: endedBy }).toEqual(exit)
      // The anvils are orphans now; their SIGKILL lands a moment after the host is gone.
      await expect.poll(() => pids.filter(isRunning), { timeout: 3_000 }).toEqual([])
    } finally {
      // Should the reaper be broken, the orphans are still this test's to end.
      host.kill('SIGKILL')
      for (const pid of pids.filter(isRunning)) process.kill(pid, 'SIGKILL')
    }
  })
})
