import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

const script = fileURLToPath(new URL('../../scripts/write-logos.mjs', import.meta.url))

describe('the generated logo modules', () => {
  // The check fails on any difference: a hand edit, or an upgrade of @web3icons/core whose SVGs
  // changed (then `pnpm --filter @latch/core logos` rewrites them, and the diff is reviewed).
  it('match the SVGs of @web3icons/core, as scripts/write-logos.mjs writes them', async () => {
    const run = promisify(execFile)(process.execPath, [script, '--check'])
    await expect(run).resolves.toMatchObject({ stderr: '' })
  }, 30_000)
})
