import {
  queryLocalDirectory,
  walletPageSchema,
  type DirectoryWallet,
  type WalletQuery,
} from '@latch/core/api'
import { asc, eq } from 'drizzle-orm'
import type { Db } from '../db/database.js'
import { directoryVersion, wallets } from '../db/schema.js'
import { checkAnswer } from '../http/validate.js'

/** Distinct answers kept per instance (a query's JSON); the oldest goes first. */
const ANSWERS_KEPT = 256

/**
 * How long an instance answers from the version it last read before asking the database again.
 * A page is public for 60 s anyway (Cache-Control), so a second here changes nothing a client can
 * see, while it spares a database round trip on almost every request: the query, not the rule,
 * is what bounds this route's throughput.
 */
export const DIRECTORY_RECHECK_MS = 1000

interface KeptDirectory {
  version: number
  /** When the database last confirmed `version` (the instance's clock). */
  checkedAt: number
  entries: DirectoryWallet[]
  /** Answers already computed for this version, by query. */
  answers: Map<string, string>
}

/**
 * Reads the directory for `GET /getWallets`. The database is asked which version of the directory
 * is current (one row), at most every {@link DIRECTORY_RECHECK_MS}; the entries and the answers
 * already computed are kept only for that version. So every instance answers from the directory
 * the database holds (a reseed by any instance is seen by all within a second), without reading
 * every entry per request. The answer is core's `queryLocalDirectory`: the one definition of
 * paging, search, include/exclude, chains and badge, shared with hosts that run without a server.
 */
export function createDirectoryReader(db: Db, now: () => number = Date.now) {
  let kept: KeptDirectory | undefined

  async function current(): Promise<KeptDirectory> {
    if (kept && now() - kept.checkedAt < DIRECTORY_RECHECK_MS) return kept
    const checkedAt = now()
    const [row] = await db
      .select({ version: directoryVersion.version })
      .from(directoryVersion)
      .where(eq(directoryVersion.id, 1))
    const version = row?.version ?? 0
    if (kept?.version === version) {
      kept.checkedAt = checkedAt
      return kept
    }
    const rows = await db
      .select({ entry: wallets.entry })
      .from(wallets)
      .orderBy(asc(wallets.position))
    // The entries were checked with core's entry schema when seeded. The rule reads only their
    // id, name, rdns, chains and badge, so an entry without `imageUrl` is all it needs.
    kept = {
      version,
      checkedAt,
      entries: rows.map((r) => r.entry) as DirectoryWallet[],
      answers: new Map(),
    }
    return kept
  }

  return {
    /**
     * The JSON of one page, checked against the schema core's client parses before it is first
     * sent (a server that would send what its clients reject fails here instead).
     */
    async page(query: WalletQuery): Promise<string> {
      const directory = await current()
      const key = JSON.stringify(query)
      const known = directory.answers.get(key)
      if (known !== undefined) return known
      const page = queryLocalDirectory(directory.entries, query)
      checkAnswer(walletPageSchema, page)
      const json = JSON.stringify(page)
      directory.answers.set(key, json)
      if (directory.answers.size > ANSWERS_KEPT) {
        directory.answers.delete(directory.answers.keys().next().value as string)
      }
      return json
    },
  }
}
