import { spawn, type ChildProcessByStdio } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { createPublicClient, http } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnetAccounts } from './accounts.js'
import { devnetContractAddresses } from './contracts.js'
import type { DevnetSummary } from './summary.js'
import { compilePackage, type CompiledPackage } from './test/compiled.js'
import { anvilChildPids, isPortFree, isRunning } from './test/processes.js'

type Cli = ChildProcessByStdio<null, Readable, Readable>

let compiled: CompiledPackage
const clis: Cli[] = []
beforeAll(async () => {
  compiled = await compilePackage()
}, 60_000)
afterAll(async () => {
  // A failed assertion must not leave a CLI (and its anvils) running.
  for (const cli of clis) if (cli.exitCode === null) cli.kill('SIGTERM')
  await Promise.all(clis.map((cli) => (cli.exitCode === null ? once(cli, 'exit') : undefined)))
  await compiled?.remove()
})

function runCli(args: string[]): { cli: Cli; stdout: () => string; stderr: () => string } {
  const cli = spawn(process.execPath, [compiled.bin, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
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
    cli.once('exit', (code) => reject(new Error(`latch-devnet exited with ${code} first`)))
  })
}

describe('latch-devnet', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'prints one JSON line, writes --out, and on %s stops its anvils and removes the file',
    async (signal) => {
      const out = join(mkdtempSync(join(compiled.dir, 'out-')), 'devnet.json')
      const { cli, stdout, stderr } = runCli(['--out', out])
      const line = await firstLine(cli)
      const summary = JSON.parse(line) as DevnetSummary

      expect(summary.chains.map(({ chainId, name }) => ({ chainId, name }))).toEqual([
        { chainId: 31337, name: 'Latch Devnet A' },
        { chainId: 31338, name: 'Latch Devnet B' },
      ])
      expect(summary.accounts).toEqual(devnetAccounts.map((account) => account.address))
      expect(line).not.toMatch(/privateKey|0xac0974be/i)
      expect(summary.contracts).toEqual({
        31337: devnetContractAddresses,
        31338: devnetContractAddresses,
      })
      for (const chain of summary.chains) {
        const client = createPublicClient({ transport: http(chain.rpcUrl) })
        await expect(client.getChainId()).resolves.toBe(chain.chainId)
      }
      expect(readFileSync(out, 'utf8')).toBe(`${line}\n`)
      expect(stderr()).toMatch(/^latch-devnet: ready in \d+ ms: Latch Devnet A \(31337\)/)

      const anvils = anvilChildPids(cli.pid)
      expect(anvils).toHaveLength(2)
      cli.kill(signal)
      const [code] = (await once(cli, 'exit')) as [number | null]
      expect(code).toBe(0)
      expect(anvils.filter(isRunning)).toEqual([])
      for (const chain of summary.chains) await expect(isPortFree(chain.port)).resolves.toBe(true)
      expect(existsSync(out)).toBe(false)
      expect(stdout()).toBe(`${line}\n`)
    },
    20_000,
  )

  it('exits with 1 and a message on a bad option, starting nothing', async () => {
    const { cli, stdout, stderr } = runCli(['--block-time', '0'])
    const [code] = (await once(cli, 'exit')) as [number | null]
    expect(code).toBe(1)
    expect(stderr()).toBe('latch-devnet: --block-time must be a positive whole number of seconds\n')
    expect(stdout()).toBe('')
  })
})
