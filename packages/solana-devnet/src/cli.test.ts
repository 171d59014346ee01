import { spawn, type ChildProcessByStdio } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { createSolanaRpc } from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { solanaDevnetAccounts } from './accounts.js'
import type { SolanaDevnetSummary } from './summary.js'
import { compilePackage, type CompiledPackage } from './test/compiled.js'
import { TEST_SPL_TOKEN, TEST_TOKEN_2022 } from './tokens.js'

type Cli = ChildProcessByStdio<null, Readable, Readable>

let compiled: CompiledPackage
const clis: Cli[] = []
beforeAll(async () => {
  compiled = await compilePackage()
}, 60_000)
afterAll(async () => {
  // A failed assertion must not leave a CLI running.
  for (const cli of clis) if (cli.exitCode === null) cli.kill('SIGTERM')
  await Promise.all(clis.map((cli) => (cli.exitCode === null ? once(cli, 'exit') : undefined)))
  await compiled?.remove()
})

function runCli(args: string[], env: NodeJS.ProcessEnv = {}) {
  const cli = spawn(process.execPath, [compiled.bin, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  })
  clis.push(cli)
  let stdout = ''
  let stderr = ''
  cli.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')))
  cli.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
  return { cli, stdout: () => stdout, stderr: () => stderr }
}

/** Resolves with the first complete stdout line, or rejects if the CLI exits first. */
function firstLine(cli: Cli): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffered = ''
    cli.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8')
      const end = buffered.indexOf('\n')
      if (end >= 0) resolve(buffered.slice(0, end))
    })
    cli.once('exit', (code) => reject(new Error(`latch-solana-devnet exited with ${code} first`)))
  })
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

describe('latch-solana-devnet', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'prints one JSON line on LATCH_SOLANA_PORT, writes --out, and on %s frees the port and removes the file',
    async (signal) => {
      const port = await freePort()
      const out = join(mkdtempSync(join(compiled.dir, 'out-')), 'solana-devnet.json')
      const { cli, stdout, stderr } = runCli(['--out', out], { LATCH_SOLANA_PORT: String(port) })
      const line = await firstLine(cli)
      const summary = JSON.parse(line) as SolanaDevnetSummary

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
      expect(line).not.toMatch(/secretKey/)
      const rpc = createSolanaRpc(summary.rpcUrl)
      expect(await rpc.getGenesisHash().send()).toBe(summary.genesisHash)
      expect(readFileSync(out, 'utf8')).toBe(`${line}\n`)
      expect(stderr()).toMatch(
        /^latch-solana-devnet: ready in \d+ ms: solana:localnet http:\/\/127\.0\.0\.1:/,
      )

      cli.kill(signal)
      const [code] = (await once(cli, 'exit')) as [number | null]
      expect(code).toBe(0)
      await expect(fetch(`${summary.rpcUrl}/health`)).rejects.toThrow()
      expect(existsSync(out)).toBe(false)
      expect(stdout()).toBe(`${line}\n`)
    },
    20_000,
  )

  it('exits with 1 and a message on a bad option or port, starting nothing', async () => {
    const bad = runCli(['--slot-interval', '0'])
    expect(((await once(bad.cli, 'exit')) as [number | null])[0]).toBe(1)
    expect(bad.stderr()).toBe(
      'latch-solana-devnet: --slot-interval must be a positive whole number of milliseconds\n',
    )
    expect(bad.stdout()).toBe('')
    const badPort = runCli([], { LATCH_SOLANA_PORT: '99999' })
    expect(((await once(badPort.cli, 'exit')) as [number | null])[0]).toBe(1)
    expect(badPort.stderr()).toBe(
      "latch-solana-devnet: LATCH_SOLANA_PORT must be a TCP port (1-65535), got '99999'\n",
    )
  })
})
