import { createSolanaRpc } from '@solana/kit'
import { freePort, useCommand } from '@latch/local-kit/testing'
import { describe, expect, it } from 'vitest'
import { solanaDevnetAccounts } from './accounts.js'
import type { SolanaDevnetSummary } from './summary.js'
import { compilePackage } from './test/compiled.js'
import { TEST_SPL_TOKEN, TEST_TOKEN_2022 } from './tokens.js'

const command = useCommand('latch-solana-devnet', compilePackage)

describe('latch-solana-devnet', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'prints one JSON line on LATCH_SOLANA_PORT, writes --out, and on %s frees the port and removes the file',
    async (signal) => {
      const port = await freePort()
      const serving = await command.serve([], { LATCH_SOLANA_PORT: String(port) })
      const summary = JSON.parse(serving.line) as SolanaDevnetSummary

      expect(summary).toMatchObject({
        chain: 'solana:localnet',
        rpcUrl: `http://127.0.0.1:${port}`,
        wsUrl: `ws://127.0.0.1:${port}`,
        port,
        accounts: solanaDevnetAccounts().map((account) => account.address),
        mint: { address: TEST_SPL_TOKEN.address, decimals: 6, symbol: 'LTT' },
        token2022Mint: { address: TEST_TOKEN_2022.address, decimals: 9, symbol: 'LT22' },
      })
      expect(summary.mint.tokenAccounts.map((account) => account.amount)).toEqual(
        TEST_SPL_TOKEN.holders.map(() => String(TEST_SPL_TOKEN.amountPerHolder)),
      )
      // Addresses only: the secret keys come from the package, never from the output.
      expect(serving.line).not.toMatch(/secretKey/)
      const rpc = createSolanaRpc(summary.rpcUrl)
      expect(await rpc.getGenesisHash().send()).toBe(summary.genesisHash)
      // Polled: stderr and stdout are two pipes, and the JSON line on stdout may arrive first.
      await expect
        .poll(() => serving.stderr())
        .toMatch(/^latch-solana-devnet: ready in \d+ ms: solana:localnet http:\/\/127\.0\.0\.1:/)

      await command.stop(serving, signal)
      await expect(fetch(`${summary.rpcUrl}/health`)).rejects.toThrow()
    },
    20_000,
  )

  it('exits with 1 and a message on a bad option or port, starting nothing', async () => {
    const bad = command.run(['--slot-interval', '0'])
    expect(await bad.exitCode()).toBe(1)
    expect(bad.stderr()).toBe(
      'latch-solana-devnet: --slot-interval must be a positive whole number of milliseconds\n',
    )
    expect(bad.stdout()).toBe('')
    const badPort = command.run([], { LATCH_SOLANA_PORT: '99999' })
    expect(await badPort.exitCode()).toBe(1)
    expect(badPort.stderr()).toBe(
      "latch-solana-devnet: LATCH_SOLANA_PORT must be a TCP port (1-65535), got '99999'\n",
    )
  })
})
