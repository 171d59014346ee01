// What the shared harness's "heap growth over 100 open/close cycles" is made of (issue 16). The
// harness reads V8's used heap size, which counts the machine code V8 compiles as functions get
// hot, not only the objects a page keeps. This takes a heap snapshot (after forced GC) before and
// after the same number of cycles and splits the difference by kind, so that a figure over its
// goal says whether anything is retained per open (JS objects) or V8 is still optimizing.
/* global document */

/** As the harness: 1 cold and 20 warm opens before its first heap reading. */
const WARM_UP_CYCLES = 21
/** The harness's pause after a close, and its settle before reading the heap. */
const GAP_MS = 150
const SETTLE_MS = 500
const KB = 1024

/** Node types of V8's heap snapshot that are a page's own JS values. */
const JS_TYPES = new Set([
  'object',
  'closure',
  'array',
  'string',
  'concatenated string',
  'sliced string',
  'number',
  'regexp',
  'bigint',
  'symbol',
])
/** Chromium keeps an entry per interaction and paint in its performance timeline. */
const PERFORMANCE_ENTRY = /ContentfulPaint|Performance|Timing/

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** Bytes by kind in one snapshot (`HeapProfiler.takeHeapSnapshot`'s JSON). */
export function heapByKind(json) {
  const { snapshot, nodes, edges, strings } = JSON.parse(json)
  const { node_fields: nodeFields, edge_fields: edgeFields, node_types: nodeTypes } = snapshot.meta
  const [NF, EF] = [nodeFields.length, edgeFields.length]
  const [type, name, size, edgeCount] = ['type', 'name', 'self_size', 'edge_count'].map((field) =>
    nodeFields.indexOf(field),
  )
  const [edgeName, edgeTo] = ['name_or_index', 'to_node'].map((field) => edgeFields.indexOf(field))
  const typeNames = nodeTypes[type]
  const kinds = { code: 0, numberCache: 0, performanceEntries: 0, jsValues: 0, internals: 0 }
  let numberCacheNode = -1
  for (let node = 0, edge = 0; node < nodes.length; node += NF) {
    const edgesOfNode = nodes[node + edgeCount]
    // V8's number → string cache hangs off the strong root list; it grows once, to full size.
    if (strings[nodes[node + name]] === '(Strong root list)') {
      for (let e = edge; e < edge + edgesOfNode * EF; e += EF)
        if (strings[edges[e + edgeName]] === 'smi_string_cache') numberCacheNode = edges[e + edgeTo]
    }
    edge += edgesOfNode * EF
  }
  for (let node = 0; node < nodes.length; node += NF) {
    const bytes = nodes[node + size]
    const nodeType = typeNames[nodes[node + type]]
    if (node === numberCacheNode) kinds.numberCache += bytes
    else if (nodeType === 'code') kinds.code += bytes
    else if (PERFORMANCE_ENTRY.test(strings[nodes[node + name]])) kinds.performanceEntries += bytes
    else if (JS_TYPES.has(nodeType)) kinds.jsValues += bytes
    else kinds.internals += bytes
  }
  return kinds
}

async function takeSnapshot(cdp) {
  await cdp.send('HeapProfiler.collectGarbage')
  await sleep(100)
  await cdp.send('HeapProfiler.collectGarbage')
  const chunks = []
  const onChunk = ({ chunk }) => chunks.push(chunk)
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk)
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false })
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk)
  const { nodes } = await cdp.send('Memory.getDOMCounters')
  return { kinds: heapByKind(chunks.join('')), domNodes: nodes }
}

/** A Playwright selector from the harness profile's steps (they pierce open shadow roots). */
const selector = (steps) => steps.join(' ')

/**
 * Opens the built fixture at `url` in `context` (a Playwright browser context), opens and closes
 * the modal as the harness does (the button, a wallet row painted, Escape), and returns the
 * heap's growth over `cycles` by kind, in KB, with the DOM nodes left.
 */
export async function measureHeapBreakdown(context, url, { profile, cycles }) {
  const page = await context.newPage()
  try {
    const cdp = await context.newCDPSession(page)
    await page.goto(url)
    const button = page.locator(selector(profile.button), { hasText: profile.buttonText })
    const wallet = page.locator(selector(profile.wallet)).first()
    const dialog = page.locator(selector(profile.dialog))
    const idle = () =>
      page.waitForFunction(
        () => document.getAnimations().every((animation) => animation.playState !== 'running'),
        null,
        { polling: 'raf' },
      )
    const cycle = async () => {
      await button.click()
      await wallet.waitFor({ state: 'visible' })
      await idle()
      await page.keyboard.press('Escape')
      await dialog.waitFor({ state: 'hidden' })
      await idle()
      await sleep(GAP_MS)
    }
    for (let i = 0; i < WARM_UP_CYCLES; i++) await cycle()
    const before = await takeSnapshot(cdp)
    for (let i = 0; i < cycles; i++) await cycle()
    await sleep(SETTLE_MS)
    const after = await takeSnapshot(cdp)
    const kb = (kind) => (after.kinds[kind] - before.kinds[kind]) / KB
    const growth = Object.fromEntries(Object.keys(before.kinds).map((kind) => [kind, kb(kind)]))
    const total = Object.values(growth).reduce((sum, value) => sum + value, 0)
    return { cycles, total, ...growth, domNodes: after.domNodes - before.domNodes }
  } finally {
    await page.close()
  }
}
