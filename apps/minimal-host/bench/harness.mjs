// `pnpm bench`, issue 16: the minimal host measured by the shared harness (../shared/bench, the
// method the project's figures are judged by), its figures printed next to the issue's goals,
// and what its heap growth is made of. With the peers option the peers' hosts are built and
// measured in the same run, for a side-by-side table with each figure's ratio to RainbowKit.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { launchChromium } from '@latch/test-browser'
import { measureHeapBreakdown } from './heap-breakdown.mjs'
import { buildPeers } from './peers.mjs'
import { table } from './table.mjs'

/** Medians of this many runs: the figures of issue 16 are judged that way. */
const RUNS = 3
/** The harness's own default; the heap breakdown uses the same. */
const CYCLES = 100
/** Another session may be installing the harness's playwright-core at the same time. */
const INSTALL_RETRY_MS = 20_000

/** Issue 16's goals: `ok(value)` says whether a figure meets its own. */
const FIGURES = [
  ['Page load → connect button painted', 'buttonReadyMs', 'ms', '< 400 ms', (v) => v < 400],
  ['Click → dialog + first wallet painted, cold', 'coldOpenMs', 'ms', '< 60 ms', (v) => v < 60],
  ['Warm open, median of 20', 'warmMedianMs', 'ms', '< 15 ms', (v) => v < 15],
  ['Warm open, p90 of 20', 'warmP90Ms', 'ms', '< 20 ms', (v) => v < 20],
  [
    `Heap growth over ${CYCLES} open/close cycles`,
    'heapGrowthKB',
    'KB',
    '< 100 KB',
    (v) => v < 100,
  ],
  [`DOM nodes Δ over ${CYCLES} cycles`, 'domNodesDelta', '', '0', (v) => v === 0],
  ['Outside requests (whole run)', 'extRequests', '', '0', (v) => v === 0],
]

/** The harness's profile names of the peers' kits, as their makers spell them. */
const KITS = { appkit: 'AppKit', rainbowkit: 'RainbowKit', connectkit: 'ConnectKit' }

const shown = (value, unit) =>
  value == null ? '–' : `${unit ? value.toFixed(1) : String(value)}${unit ? ` ${unit}` : ''}`

/** Installs the harness's playwright-core (its README's `npm install`) when it is missing. */
async function ensureInstalled(sharedBench) {
  const installed = () => existsSync(join(sharedBench, 'node_modules', 'playwright-core'))
  for (let attempt = 0; !installed(); attempt++) {
    if (attempt === 2)
      throw new Error(`npm install in ${sharedBench} did not install playwright-core`)
    console.error(
      `Installing the shared harness's playwright-core (npm install in ${sharedBench})…`,
    )
    const code = await exitCode(
      'npm',
      ['install', '--no-audit', '--no-fund'],
      sharedBench,
      'inherit',
    )
    if (code !== 0 && !installed()) await new Promise((r) => setTimeout(r, INSTALL_RETRY_MS))
  }
}

function exitCode(command, args, cwd, stdout) {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', stdout, 'inherit'] })
    child.on('error', fail)
    child.on('exit', (code) => done(code ?? 1))
  })
}

/** One harness run over the apps (`dir=profile`); its medians per app, from its --json file. */
async function measure(sharedBench, apps, jsonFile) {
  const args = [
    join(sharedBench, 'measure.mjs'),
    '--profiles',
    join(sharedBench, 'latch-profile.mjs'),
  ]
  args.push('--runs', String(RUNS), '--cycles', String(CYCLES), '--json', jsonFile, ...apps)
  // Its progress lines go to stderr (shown); its markdown tables to stdout (the JSON has them).
  const code = await exitCode(process.execPath, args, sharedBench, 'ignore')
  if (code !== 0) throw new Error(`the shared harness exited with code ${code}`)
  return JSON.parse(await readFile(jsonFile, 'utf8')).median
}

function report(latch, peers, breakdown) {
  const rainbow = peers.find((peer) => peer.profile === 'rainbowkit')
  const header = ['Shared harness, median of 3 runs', 'Latch', 'Goal', 'Result']
  if (rainbow) header.push('Latch ÷ RainbowKit')
  header.push(...peers.map((peer) => KITS[peer.profile] ?? peer.app))
  const rows = [header]
  for (const [label, key, unit, goal, ok] of FIGURES) {
    const value = latch[key]
    const row = [label, shown(value, unit), goal, value == null ? '–' : ok(value) ? 'pass' : 'over']
    if (rainbow) {
      const other = rainbow[key]
      row.push(value != null && other ? `×${(value / other).toFixed(2)}` : '–')
    }
    row.push(...peers.map((peer) => shown(peer[key], unit)))
    rows.push(row)
  }
  const kb = (value) => `${value.toFixed(1)} KB`
  const lines = ['', table(rows), '']
  for (const app of [latch, ...peers])
    if (app.failure) lines.push(`${app.app}: the harness could not measure: ${app.failure}`)
  lines.push(
    `What the heap growth is made of (heap snapshots after forced GC, before and after`,
    `${breakdown.cycles} cycles of another run; V8's used size counts compiled code too):`,
    table([
      ['Kind', 'Growth'],
      [
        'JS values (objects, closures, arrays, strings): what the opens kept',
        kb(breakdown.jsValues),
      ],
      ["V8's compiled code (functions optimized as they get hot)", kb(breakdown.code)],
      ["V8's number → string cache (grows once, to its full size)", kb(breakdown.numberCache)],
      [
        "Chromium's performance-timeline entries (paints, interactions)",
        kb(breakdown.performanceEntries),
      ],
      ['Other V8 and Blink internals', kb(breakdown.internals)],
      ['Total (DOM nodes Δ: ' + breakdown.domNodes + ')', kb(breakdown.total)],
    ]),
    '',
    'Method: ../shared/bench/measure.mjs (its README), on a vite build of the fixture; fresh',
    'Chromium profile per app and run, outside requests blocked, timings taken in the page from',
    "the click's event timestamp to the frame that shows the dialog and a wallet row.",
  )
  console.log(lines.join('\n'))
}

/**
 * The step. `build(outDir)` builds the fixture there; `serve(dir)` serves a build on 127.0.0.1
 * and returns its URL; both register their own cleanup. Returns false when the harness is not
 * there (skipped, with a message), true once its figures are printed.
 */
export async function harnessStep({ repoRoot, appDir, cleanups, build, serve, withPeers }) {
  const sharedBench = resolve(repoRoot, '../shared/bench')
  const profileFile = join(sharedBench, 'latch-profile.mjs')
  if (!existsSync(join(sharedBench, 'measure.mjs')) || !existsSync(profileFile)) {
    console.log(
      `\nThe shared harness is not at ${sharedBench} (measure.mjs, latch-profile.mjs): its ` +
        'figures (button-ready, cold and warm open, heap growth) are skipped.',
    )
    return false
  }
  await ensureInstalled(sharedBench)
  const work = await mkdtemp(join(tmpdir(), 'latch-harness-'))
  cleanups.push(() => rm(work, { recursive: true, force: true }))
  // The harness names an app after the folder holding its dist.
  const latchDist = join(work, 'minimal-host', 'dist')
  await build(latchDist)
  const apps = [`${latchDist}=latch`]
  if (withPeers) {
    const cache = join(appDir, 'node_modules', '.cache', 'latch-bench-peers')
    try {
      for (const peer of await buildPeers(join(sharedBench, 'peers'), cache)) apps.push(peer.dist)
    } catch (error) {
      console.error('The peers could not be built; Latch is measured alone:', error.message)
      process.exitCode = 1
    }
  }
  console.error(`Measuring ${apps.length} app(s) with the shared harness, ${RUNS} runs…`)
  const medians = await measure(sharedBench, apps, join(work, 'harness.json'))
  const [latch, ...peers] = medians
  if (latch.failure) throw new Error(`the harness could not measure Latch: ${latch.failure}`)

  const { default: profiles } = await import(pathToFileURL(profileFile).href)
  const browser = await launchChromium()
  cleanups.push(() => browser.close())
  const url = `${await serve(latchDist)}/`
  const breakdown = await measureHeapBreakdown(browser.context, url, {
    profile: profiles.latch,
    cycles: CYCLES,
  })
  report(latch, peers, breakdown)
  return true
}
