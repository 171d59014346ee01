import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { reachableFiles } from '@latch/vitest-config/import-cycles'
import { beforeAll, describe, expect, it } from 'vitest'

// `@latch/core/api` is what the Latch server imports: the wire schemas and the pure rules both
// sides share. Dependencies point one way, so a schema file that imports client code (a fetch, a
// cache, a machine, the instance) would put that code in the server too. Type-only and dynamic
// imports count: either still ties the wire to the client's code.

const packageDir = fileURLToPath(new URL('../..', import.meta.url))
const API_ENTRY = 'src/api/index.ts'

/** Client code, by folder: an instance's calls, state and wiring, never the wire's. */
const CLIENT_FOLDERS = [
  'src/adapter/',
  'src/auth/',
  'src/balances/',
  'src/clients/',
  'src/farcaster/',
  'src/latch/',
  'src/machines/',
  'src/network/',
  'src/options/',
  'src/platform/',
  'src/router/',
  'src/selectors/',
  'src/send/',
  'src/social/',
  'src/storage/',
  'src/test/',
  'src/testing/',
  'src/walletconnect/',
  'src/wallets/',
]
/** Client files in folders whose other files are wire-level rules (directory/, connector/). */
const CLIENT_FILES = [
  'src/connector/connector.ts',
  'src/directory/directory-client.ts',
  'src/directory/local-directory.ts',
  'src/directory/remote-directory.ts',
]

const isClientCode = (file: string) =>
  CLIENT_FOLDERS.some((folder) => file.startsWith(folder)) || CLIENT_FILES.includes(file)

const importsXstate = (code: string) =>
  /(?:from|import)\s*\(?\s*['"]xstate(?:\/[^'"]*)?['"]/.test(code)
const callsFetch = (code: string) => /\bfetch\s*\(|globalThis\.fetch\b|typeof fetch\b/.test(code)

describe('@latch/core/api: the wire side only', () => {
  let wire: string[] = []
  const sourceOf = (file: string) => readFileSync(join(packageDir, file), 'utf8')

  beforeAll(async () => {
    wire = await reachableFiles(packageDir, [API_ENTRY])
  })

  it('reaches the schemas it exports, and the check sees client code where there is some', async () => {
    // Without these, a graph read wrongly (no files, or the wrong root) would pass the rest.
    expect(wire).toEqual(
      expect.arrayContaining([API_ENTRY, 'src/api/provider.ts', 'src/directory/query.ts']),
    )
    const clients = await reachableFiles(packageDir, ['src/clients/index.ts'])
    expect(clients.filter(isClientCode)).toContain('src/clients/provider-client.ts')
  })

  it('reaches no client code: no client, machine, storage, instance or option', () => {
    expect(wire.filter(isClientCode)).toEqual([])
  })

  it('reaches no file that imports xstate or calls fetch', () => {
    expect(wire.filter((file) => importsXstate(sourceOf(file)))).toEqual([])
    expect(wire.filter((file) => callsFetch(sourceOf(file)))).toEqual([])
  })
})
