import { freePort, useCommand } from '@latch/local-kit/testing'
import { describe, expect, it } from 'vitest'
import { bitcoinDevnetAccounts } from './accounts.js'
import type { BitcoinDevnetSummary } from './summary.js'
import { compilePackage } from './test/compiled.js'

const command = useCommand('latch-bitcoin-devnet', compilePackage)

describe('latch-bitcoin-devnet', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'prints one JSON line on --port, writes --out, and on %s frees the port and removes the file',
    async (signal) => {
      const port = await freePort()
      const serving = await command.serve(['--port', String(port)])
      const summary = JSON.parse(serving.line) as BitcoinDevnetSummary

      expect(summary).toEqual({
        chain: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
        url: `http://127.0.0.1:${port}`,
        esploraUrl: `http://127.0.0.1:${port}/api`,
        port,
        genesisHash: '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206',
        accounts: bitcoinDevnetAccounts().map(({ index, payment, ordinals }) => ({
          index,
          payment: { address: payment.address, publicKey: payment.publicKey, path: payment.path },
          ordinals: {
            address: ordinals.address,
            publicKey: ordinals.publicKey,
            path: ordinals.path,
          },
        })),
      })
      // Public data only: the private keys come from the package, never from the output.
      expect(serving.line).not.toMatch(/privateKey|wif/)
      const height = await fetch(`${summary.esploraUrl}/blocks/tip/height`)
      expect(await height.text()).toBe('1')
      // Polled: stderr and stdout are two pipes, and the JSON line on stdout may arrive first.
      await expect
        .poll(() => serving.stderr())
        .toMatch(
          /^latch-bitcoin-devnet: ready in \d+ ms: bip122:0f9188f13cb7b2c71f2a335e3a4fc328 http:\/\/127\.0\.0\.1:\d+\/api/,
        )

      await command.stop(serving, signal)
      await expect(fetch(`${summary.url}/api/blocks/tip/height`)).rejects.toThrow()
    },
    20_000,
  )

  it('takes its port from LATCH_BITCOIN_PORT', async () => {
    const port = await freePort()
    const running = command.run([], { LATCH_BITCOIN_PORT: String(port) })
    expect((JSON.parse(await running.firstLine()) as BitcoinDevnetSummary).port).toBe(port)
    running.process.kill('SIGTERM')
    expect(await running.exitCode()).toBe(0)
  })

  it('exits with 1 and a message on a bad port, starting nothing', async () => {
    const bad = command.run(['--port', 'http'])
    expect(await bad.exitCode()).toBe(1)
    expect(bad.stderr()).toBe(
      "latch-bitcoin-devnet: --port must be a TCP port (1-65535), got 'http'\n",
    )
    expect(bad.stdout()).toBe('')
    const badEnv = command.run([], { LATCH_BITCOIN_PORT: '99999' })
    expect(await badEnv.exitCode()).toBe(1)
    expect(badEnv.stderr()).toBe(
      "latch-bitcoin-devnet: LATCH_BITCOIN_PORT must be a TCP port (1-65535), got '99999'\n",
    )
  })
})
