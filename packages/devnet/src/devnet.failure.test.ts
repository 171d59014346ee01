import { describe, expect, it, vi } from 'vitest'
import type * as AnvilModule from './anvil.js'
import { startAnvil, type AnvilProcess } from './anvil.js'
import type * as ContractsModule from './contracts.js'
import { startDevnet } from './devnet.js'
import { anvilChildPids, isPortFree, isRunning } from './test/processes.js'

// Deployment is made to fail, and startAnvil is watched, to see what a failed start leaves.
vi.mock('./contracts.js', async (importOriginal) => ({
  ...(await importOriginal<typeof ContractsModule>()),
  deployDevnetContracts: vi.fn(async () => {
    throw new Error('deployment failed')
  }),
}))
vi.mock('./anvil.js', async (importOriginal) => {
  const actual = await importOriginal<typeof AnvilModule>()
  return { ...actual, startAnvil: vi.fn(actual.startAnvil) }
})

describe('startDevnet when a deployment fails', () => {
  it('stops every anvil it started before rejecting', async () => {
    await expect(startDevnet()).rejects.toThrow('deployment failed')
    const started = await Promise.all(
      vi.mocked(startAnvil).mock.results.map((result) => result.value as Promise<AnvilProcess>),
    )
    expect(started.map((anvil) => anvil.chainId)).toEqual([31337, 31338])
    expect(started.map((anvil) => anvil.pid).filter(isRunning)).toEqual([])
    for (const anvil of started) await expect(isPortFree(anvil.port)).resolves.toBe(true)
    expect(anvilChildPids()).toEqual([])
  })
})
