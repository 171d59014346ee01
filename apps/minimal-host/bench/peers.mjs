// The peers' hosts of the shared harness (../shared/bench/peers: AppKit, RainbowKit, ConnectKit),
// built as their README says (npm install, npx vite build) for a side-by-side run. Their folders
// are read-only and their dependencies are not the workspace's, so each is copied to a cache
// under this app's node_modules and built there; a build is reused while its sources are the same.
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { cp, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)
/** npm install and a Vite build of a wallet kit take minutes on this machine. */
const STEP_TIMEOUT_MS = 15 * 60_000

/** A hash of a peer's own files (not node_modules or dist): a new one means build again. */
async function sourceHash(dir) {
  const hash = createHash('sha256')
  const walk = async (at) => {
    for (const entry of (await readdir(at, { withFileTypes: true })).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue
      const path = join(at, entry.name)
      if (entry.isDirectory()) await walk(path)
      else hash.update(`${path.slice(dir.length)}\0`).update(await readFile(path))
    }
  }
  await walk(dir)
  return hash.digest('hex')
}

async function step(command, args, cwd) {
  try {
    await run(command, args, { cwd, timeout: STEP_TIMEOUT_MS, maxBuffer: 64 * 1024 * 1024 })
  } catch (error) {
    const output = `${error.stdout ?? ''}${error.stderr ?? ''}`.trim().split('\n').slice(-15)
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n  ${output.join('\n  ')}`)
  }
}

/**
 * Each peer host under `peersDir`, built into `cacheDir/<name>/dist` (reused when up to date).
 * Returns `{ name, dist, reused }` per peer, in the folder's order; logs progress to stderr.
 */
export async function buildPeers(peersDir, cacheDir) {
  const names = (await readdir(peersDir, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
  const built = []
  for (const name of names) {
    const source = join(peersDir, name)
    const work = join(cacheDir, name)
    const dist = join(work, 'dist')
    const stamp = join(work, '.latch-bench-source')
    const hash = await sourceHash(source)
    const upToDate =
      existsSync(join(dist, 'index.html')) &&
      existsSync(stamp) &&
      (await readFile(stamp, 'utf8')) === hash
    if (!upToDate) {
      console.error(`Building the ${name} host (npm install, npx vite build)…`)
      const started = Date.now()
      await rm(work, { recursive: true, force: true })
      await mkdir(cacheDir, { recursive: true })
      // The copy's files are writable again (the originals are read-only).
      await cp(source, work, { recursive: true })
      await run('chmod', ['-R', 'u+w', work])
      await step('npm', ['install', '--no-audit', '--no-fund'], work)
      await step('npx', ['vite', 'build'], work)
      await writeFile(stamp, hash)
      console.error(`  ${name} built in ${((Date.now() - started) / 1000).toFixed(0)} s`)
    }
    built.push({ name, dist, reused: upToDate })
  }
  return built
}
