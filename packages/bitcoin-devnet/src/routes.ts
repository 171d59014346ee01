/**
 * The devnet's routes: Esplora's HTTP API under `/api` (mempool.space's URL shapes, electrs'
 * answers and error texts), and the regtest controls under `/regtest`.
 */
import { z } from 'zod'
import { parseRegtestAddress, type RegtestAddress } from './address.js'
import { MAX_MONEY } from './bitcoin.js'
import type { RegtestChain } from './chain.js'
import {
  addressJson,
  chainHistory,
  mempoolHistory,
  statusJson,
  transactionJson,
  utxosJson,
} from './esplora.js'
import { recommendedFees, type FeeEstimates } from './fees.js'
import { TxRejection } from './rejection.js'
import type { Handler, Reply, Request } from './server.js'

/** What the routes serve. */
export interface RouteContext {
  readonly chain: RegtestChain
  readonly feeEstimates: FeeEstimates
}

/** The most blocks one `POST /regtest/mine` makes. */
export const MAX_BLOCKS_PER_MINE = 1_000

const TXID = /^[0-9a-fA-F]{64}$/

const faucetBody = z.object({
  address: z.string(),
  amount: z.number().int().min(1).max(Number(MAX_MONEY)),
})
const mineBody = z.object({ blocks: z.number().int().min(1).max(MAX_BLOCKS_PER_MINE).optional() })

function text(body: string, status = 200): Reply {
  return { status, body, type: 'text' }
}

function json(value: unknown, status = 200): Reply {
  return { status, body: JSON.stringify(value), type: 'json' }
}

/** A route's failure: answered as text with its status. */
class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

function addressOf(segment: string): RegtestAddress {
  const parsed = parseRegtestAddress(decodeSegment(segment))
  if ('error' in parsed) throw new HttpError(400, parsed.error)
  return parsed
}

/** A txid in a path, lowercased. @throws HttpError 400 'Invalid hex string', electrs' text. */
function txidOf(segment: string): string {
  if (!TXID.test(segment)) throw new HttpError(400, 'Invalid hex string')
  return segment.toLowerCase()
}

function bodyOf<T>(schema: z.ZodType<T>, body: string): T {
  let value: unknown = {}
  if (body.trim() !== '') {
    try {
      value = JSON.parse(body)
    } catch {
      throw new HttpError(400, 'Invalid JSON body')
    }
  }
  const parsed = schema.safeParse(value)
  if (!parsed.success) {
    const issues = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`,
    )
    throw new HttpError(400, `Invalid request: ${issues.join('; ')}`)
  }
  return parsed.data
}

type Route = readonly [
  method: string,
  path: RegExp,
  answer: (match: string[], request: Request) => Reply,
]

function routes({ chain, feeEstimates }: RouteContext): readonly Route[] {
  const record = (segment: string) => {
    const found = chain.transaction(txidOf(segment))
    if (found === undefined) throw new HttpError(404, 'Transaction not found')
    return found
  }
  return [
    ['GET', /^\/api\/blocks\/tip\/height$/, () => text(String(chain.tip.height))],
    ['GET', /^\/api\/blocks\/tip\/hash$/, () => text(chain.tip.hash)],
    [
      'GET',
      /^\/api\/block-height\/([^/]+)$/,
      ([height]) => {
        if (!/^[0-9]{1,10}$/.test(height!)) throw new HttpError(400, 'Invalid number')
        const block = chain.blockAt(Number(height))
        if (block === undefined) throw new HttpError(404, 'Block not found')
        return text(block.hash)
      },
    ],
    [
      'GET',
      /^\/api\/address\/([^/]+)$/,
      ([segment]) => {
        const { address, scriptHex } = addressOf(segment!)
        return json(addressJson(chain, address, scriptHex))
      },
    ],
    [
      'GET',
      /^\/api\/address\/([^/]+)\/utxo$/,
      ([segment]) => json(utxosJson(chain, addressOf(segment!).scriptHex)),
    ],
    [
      'GET',
      /^\/api\/address\/([^/]+)\/txs$/,
      ([segment]) => {
        const { scriptHex } = addressOf(segment!)
        const records = [...mempoolHistory(chain, scriptHex), ...chainHistory(chain, scriptHex)]
        return json(records.map(transactionJson))
      },
    ],
    [
      'GET',
      /^\/api\/address\/([^/]+)\/txs\/mempool$/,
      ([segment]) =>
        json(mempoolHistory(chain, addressOf(segment!).scriptHex).map(transactionJson)),
    ],
    [
      'GET',
      /^\/api\/address\/([^/]+)\/txs\/chain(?:\/([^/]+))?$/,
      ([segment, lastSeen]) => {
        const { scriptHex } = addressOf(segment!)
        // electrs ignores a last-seen txid it cannot parse, and starts from the newest.
        const after =
          lastSeen !== undefined && TXID.test(lastSeen) ? lastSeen.toLowerCase() : undefined
        return json(chainHistory(chain, scriptHex, after).map(transactionJson))
      },
    ],
    ['GET', /^\/api\/tx\/([^/]+)$/, ([segment]) => json(transactionJson(record(segment!)))],
    [
      'GET',
      /^\/api\/tx\/([^/]+)\/status$/,
      // electrs answers `{ confirmed: false }` for a txid it has never seen, too.
      ([segment]) => json(statusJson(chain.transaction(txidOf(segment!))?.block)),
    ],
    ['GET', /^\/api\/tx\/([^/]+)\/hex$/, ([segment]) => text(record(segment!).tx.toHex())],
    [
      'POST',
      /^\/api\/tx$/,
      (_, { body }) => {
        try {
          return text(chain.submit(body.trim()))
        } catch (error) {
          if (error instanceof TxRejection) throw new HttpError(400, error.toEsploraText())
          throw error
        }
      },
    ],
    ['GET', /^\/api\/mempool\/txids$/, () => json(chain.mempoolTxids())],
    ['GET', /^\/api\/fee-estimates$/, () => json(feeEstimates)],
    ['GET', /^\/api\/v1\/fees\/recommended$/, () => json(recommendedFees(feeEstimates))],
    [
      'POST',
      /^\/regtest\/faucet$/,
      (_, { body }) => {
        const { address, amount } = bodyOf(faucetBody, body)
        const target = parseRegtestAddress(address)
        if ('error' in target) throw new HttpError(400, `Invalid request: address: ${target.error}`)
        const { txid, vout } = chain.faucet(target.script, BigInt(amount))
        return json({ txid, vout, address, amount })
      },
    ],
    [
      'POST',
      /^\/regtest\/mine$/,
      (_, { body }) => {
        const { blocks = 1 } = bodyOf(mineBody, body)
        const hashes = chain.mine(blocks).map((block) => block.hash)
        return json({ height: chain.tip.height, hashes })
      },
    ],
  ]
}

/** The request handler for a chain: each route, then electrs' 404 for any other path. */
export function createHandler(context: RouteContext): Handler {
  const table = routes(context)
  return (request) => {
    for (const [method, pattern, answer] of table) {
      const match = pattern.exec(request.path)
      if (match === null || method !== request.method) continue
      try {
        return answer(match.slice(1), request)
      } catch (error) {
        if (error instanceof HttpError) return text(error.message, error.status)
        throw error
      }
    }
    return text(`endpoint does not exist ${JSON.stringify(request.path)}`, 404)
  }
}
