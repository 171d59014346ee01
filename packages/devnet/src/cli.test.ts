import { useCommand } from '@latch/local-kit/testing'
import { createPublicClient, http } from 'viem'
import { describe, expect, it } from 'vitest'
import { devnetAccounts } from './accounts.js'
import { devnetContractAddresses } from './contracts.js'
import type { DevnetSummary } from './summary.js'
import { compilePackage } from './test/compiled.js'
import { anvilChildPids, isPortFree, isRunning } from './test/processes.js'

const command = useCommand('latch-devnet', compilePackage)

describe('latch-devnet', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'prints one JSON line, writes --out, and on %s stops its anvils and removes the file',
    async (signal) => {
      const serving = await command.serve([])
      const summary = JSON.parse(serving.line) as DevnetSummary

      expect(summary.chains.map(({ chainId, name }) => ({ chainId, name }))).toEqual([
        { chainId: 31337, name: 'Latch Devnet A' },
        { chainId: 31338, name: 'Latch Devnet B' },
      ])
      expect(summary.accounts).toEqual(devnetAccounts.map((account) => account.address))
      expect(serving.line).not.toMatch(/privateKey|0xac0974be/i)
      expect(summary.contracts).toEqual({
        31337: devnetContractAddresses,
        31338: devnetContractAddresses,
      })
      for (const chain of summary.chains) {
        const client = createPublicClient({ transport: http(chain.rpcUrl) })
        await expect(client.getChainId()).resolves.toBe(chain.chainId)
      }
      // Polled: stderr and stdout are two pipes, and the JSON line on stdout may arrive first.
      await expect
        .poll(() => serving.stderr())
        .toMatch(/^latch-devnet: ready in \d+ ms: Latch Devnet A \(31337\)/)

      const anvils = anvilChildPids(serving.process.pid)
      expect(anvils).toHaveLength(2)
      await command.stop(serving, signal)
      expect(anvils.filter(isRunning)).toEqual([])
      for (const chain of summary.chains) await expect(isPortFree(chain.port)).resolves.toBe(true)
    },
    20_000,
  )

  it('exits with 1 and a message on a bad option, starting nothing', async () => {
    const bad = command.run(['--block-time', '0'])
    expect(await bad.exitCode()).toBe(1)
    expect(bad.stderr()).toBe(
      'latch-devnet: --block-time must be a positive whole number of seconds\n',
    )
    expect(bad.stdout()).toBe('')
  })
})
