import { spawn, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import type { Socket } from 'node:net'
import { dirname, join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { hexToNumber, type Hex } from 'viem'
import { DEVNET_ACCOUNT_BALANCE_ETH, DEVNET_ACCOUNT_COUNT, DEVNET_MNEMONIC } from './accounts.js'
import { DEVNET_HOST } from './ports.js'
import { reapOnExit } from './reaper.js'

/** What {@link startAnvil} runs. */
export interface AnvilOptions {
  chainId: number
  port: number
  /** Seconds between blocks; mines on every transaction when left out. */
  blockTime?: number
  readyTimeoutMs?: number
}

/** A running anvil, ready to answer JSON-RPC. */
export interface AnvilProcess {
  readonly pid: number
  readonly chainId: number
  readonly port: number
  readonly rpcUrl: string
  /** SIGTERM, then SIGKILL after a grace period; resolves once the process has exited. */
  stop(): Promise<void>
}

/** Why an anvil failed to start; `addressInUse` lets the caller retry on another free port. */
export class AnvilStartError extends Error {
  constructor(
    message: string,
    readonly addressInUse: boolean,
  ) {
    super(message)
    this.name = 'AnvilStartError'
  }
}

const STOP_GRACE_MS = 2_000
const READY_POLL_MS = 10
const DEFAULT_READY_TIMEOUT_MS = 15_000

/** Path of the anvil binary shipped by the `@foundry-rs/anvil-<platform>-<arch>` npm package. */
export function anvilBinaryPath(): string {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch
  const pkg = `@foundry-rs/anvil-${process.platform}-${arch}`
  const binary = process.platform === 'win32' ? 'anvil.exe' : 'anvil'
  try {
    const require = createRequire(import.meta.url)
    return join(dirname(require.resolve(`${pkg}/package.json`)), 'bin', binary)
  } catch {
    throw new Error(`anvil is not installed for this platform: ${pkg} is missing`)
  }
}

/**
 * Starts one anvil on 127.0.0.1 with the devnet's funded accounts and waits until it answers
 * `eth_chainId` with `chainId` — and has itself reported binding the port, so an anvil of another
 * process that raced us to the same port is never mistaken for ours.
 * @throws AnvilStartError when anvil exits early or is not ready in time (it is killed first).
 */
export async function startAnvil(options: AnvilOptions): Promise<AnvilProcess> {
  const { chainId, port } = options
  const args = [
    ['--host', DEVNET_HOST],
    ['--port', String(port)],
    ['--chain-id', String(chainId)],
    ['--mnemonic', DEVNET_MNEMONIC],
    ['--accounts', String(DEVNET_ACCOUNT_COUNT)],
    ['--balance', String(DEVNET_ACCOUNT_BALANCE_ETH)],
    ...(options.blockTime === undefined ? [] : [['--block-time', String(options.blockTime)]]),
  ].flat()
  const child = spawn(anvilBinaryPath(), args, { stdio: ['ignore', 'pipe', 'pipe'] })
  reapOnExit(child)
  // Unreferenced, so a forgotten devnet never keeps its parent alive; the reaper ends it.
  child.unref()

  const rpcUrl = `http://${DEVNET_HOST}:${port}`
  const listening = `Listening on ${DEVNET_HOST}:${port}`
  let output = ''
  let bound = false
  let spawnError: Error | undefined
  // anvil logs every request, so the pipes are drained for good; only a tail is kept for errors.
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk: Buffer) => {
      const joined = output + chunk.toString('utf8')
      bound ||= joined.includes(listening)
      output = joined.slice(-4_096)
    })
    ;(stream as Socket).unref()
  }
  child.once('error', (error) => (spawnError = error))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))

  const stop = () => stopChild(child)
  const fail = async (reason: string): Promise<never> => {
    await stop()
    const tail = output.trim().split('\n').slice(-5).join('\n')
    throw new AnvilStartError(
      `anvil for chain ${chainId} on port ${port} ${reason}${tail ? `:\n${tail}` : ''}`,
      /Address already in use/i.test(output),
    )
  }

  const deadline = Date.now() + (options.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS)
  for (;;) {
    if (spawnError) return fail(`could not be started (${spawnError.message})`)
    if (child.exitCode !== null || child.signalCode !== null) return fail('exited before ready')
    if (bound && (await readChainId(rpcUrl)) === chainId) break
    if (Date.now() > deadline) return fail('was not ready in time')
    await Promise.race([sleep(READY_POLL_MS), exited])
  }
  return { pid: child.pid!, chainId, port, rpcUrl, stop }
}

async function readChainId(rpcUrl: string): Promise<number | undefined> {
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(1_000),
    })
    const { result } = (await response.json()) as { result?: Hex }
    return result === undefined ? undefined : hexToNumber(result)
  } catch {
    return undefined
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  // No pid: the spawn itself failed and there is no process (and no 'exit' event) to wait for.
  const gone = child.pid === undefined || child.exitCode !== null || child.signalCode !== null
  if (gone) return Promise.resolve()
  return new Promise((resolve) => {
    // This timer is referenced, which also keeps the parent alive until the child has exited.
    const escalate = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS)
    child.once('exit', () => {
      clearTimeout(escalate)
      resolve()
    })
    child.kill('SIGTERM')
  })
}
