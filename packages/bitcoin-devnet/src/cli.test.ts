import { spawn, type ChildProcessByStdio } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bitcoinDevnetAccounts } from './accounts.js'
import type { BitcoinDevnetSummary } from './summary.js'
import { compilePackage, type CompiledPackage } from './test/compiled.js'
import { freePort } from './test/ports.js'

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
    cli.once('exit', (code) => reject(new Error(`latch-bitcoin-devnet exited with ${code} first`)))
  })
}

async function exitCode(cli: Cli): Promise<number | null> {
  return ((await once(cli, 'exit')) as [number | null])[0]
}

describe('latch-bitcoin-devnet', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'prints one JSON line on --port, writes --out, and on %s frees the port and removes the file',
    async (signal) => {
      const port = await freePort()
      const out = join(mkdtempSync(join(compiled.dir, 'out-')), 'bitcoin-devnet.json')
      const { cli, stdout, stderr } = runCli(['--port', String(port), '--out', out])
      const line = await firstLine(cli)
      const summary = JSON.parse(line) as BitcoinDevnetSummary

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
      expect(line).not.toMatch(/privateKey|wif/)
      const height = await fetch(`${summary.esploraUrl}/blocks/tip/height`)
      expect(await height.text()).toBe('1')
      expect(readFileSync(out, 'utf8')).toBe(`${line}\n`)
      expect(stderr()).toMatch(
        /^latch-bitcoin-devnet: ready in \d+ ms: bip122:0f9188f13cb7b2c71f2a335e3a4fc328 http:\/\/127\.0\.0\.1:\d+\/api/,
      )

      cli.kill(signal)
      expect(await exitCode(cli)).toBe(0)
      await expect(fetch(`${summary.url}/api/blocks/tip/height`)).rejects.toThrow()
      expect(existsSync(out)).toBe(false)
      expect(stdout()).toBe(`${line}\n`)
    },
    20_000,
  )

  it('takes its port from LATCH_BITCOIN_PORT', async () => {
    const port = await freePort()
    const { cli } = runCli([], { LATCH_BITCOIN_PORT: String(port) })
    expect((JSON.parse(await firstLine(cli)) as BitcoinDevnetSummary).port).toBe(port)
    cli.kill('SIGTERM')
    expect(await exitCode(cli)).toBe(0)
  })

  it('exits with 1 and a message on a bad port, starting nothing', async () => {
    const bad = runCli(['--port', 'http'])
    expect(await exitCode(bad.cli)).toBe(1)
    expect(bad.stderr()).toBe(
      "latch-bitcoin-devnet: --port must be a TCP port (1-65535), got 'http'\n",
    )
    expect(bad.stdout()).toBe('')
    const badEnv = runCli([], { LATCH_BITCOIN_PORT: '99999' })
    expect(await exitCode(badEnv.cli)).toBe(1)
    expect(badEnv.stderr()).toBe(
      "latch-bitcoin-devnet: LATCH_BITCOIN_PORT must be a TCP port (1-65535), got '99999'\n",
    )
  })
})
