// Issue 15's timing figures, on a connected wallet: the Account view's Send → the form painted,
// an amount keystroke → the validation painted (goal < 16 ms), and Send pressed on a valid form
// → the transaction's hash seen by anvil. The bench page (bench-send.html) is the README example
// on a local anvil chain (@latch/devnet) with the dev wallet in the page, approving by itself.
// Timings in the page as in timing.mjs: from the input event (a capture listener on window,
// performance.now()) to the end of the first frame that shows the result (requestAnimationFrame,
// then a message posted from it). `node bench/send-flow.mjs` runs this part alone.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { startDevnet } from '@latch/devnet'
import { enMessages } from '@latch/react'
import { launchChromium } from '@latch/test-browser'
import { createPublicClient, formatEther, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { summarize } from './timing.mjs'

/* global window, document, requestAnimationFrame, MutationObserver */

/** Send opens measured (after a warm-up open, which loads the lazy view). */
export const OPEN_RUNS = 20
/** Amount keystrokes measured: '0' (over the balance) then Backspace (under it), ten times. */
export const KEYSTROKES = 20
/** Sends measured (after a warm-up send): each is a real transaction on anvil. */
export const CONFIRM_RUNS = 10
/** Between keystrokes: a fast typist, about ten keys a second (as the search figure). */
const KEY_PAUSE_MS = 100
/** Each send moves this much ETH to an address of its own. */
const SENT_ETH = '0.001'
/** Anvil is asked for its block number this often (ms) while a send is on its way. */
const POLL_MS = 2

const text = (key, values = {}) =>
  enMessages[key].replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ''))

/** The texts the figures look for, from the catalogue the views render. */
const TEXT = {
  connect: text('connectButton.connect'),
  account: text('view.Account.title'),
  send: text('view.Send.title'),
  back: text('modal.back'),
  amount: text('view.Send.amount'),
  receiver: text('view.Send.receiver'),
  token: text('view.Send.token'),
  estimating: text('view.Send.estimating'),
  insufficient: text('error.SEND_INSUFFICIENT_BALANCE', { symbol: 'ETH' }),
}

/** The nearest-rank percentile `p` (0 to 1) of `samples`. */
function percentile(samples, p) {
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]
}

/** timing.mjs's summary (median, min, max) with the 90th percentile. */
const summarizeP90 = (samples) => ({ ...summarize(samples), p90: percentile(samples, 0.9) })

/**
 * Runs in the page: arms one measurement. Starts at the next `startEvent` (a capture listener on
 * window, before any handler of the page); from then on, checks `ready` in the modal's shadow
 * root on every mutation there and after every `input` event (a controlled field's new value is
 * no mutation), and once it holds waits for the next paint. `window.__latchBench` is the
 * promise of the elapsed milliseconds.
 */
function armFormProbe({ startEvent, ready, expect, text, timeoutMs }) {
  const root = document.querySelector('latch-modal')?.shadowRoot
  if (!root) throw new Error('No <latch-modal> shadow root in the page')
  // A field of the Send form, found by its label's text as a person finds it.
  const field = (label) => {
    const found = [...root.querySelectorAll('form label')].find((l) => l.textContent === label)
    return found ? root.getElementById(found.htmlFor) : null
  }
  const predicates = {
    // The open dialog shows the Send view, with its amount field.
    sendForm() {
      const dialog = root.querySelector('dialog')
      return (
        Boolean(dialog?.open && dialog.querySelector('h2')?.textContent === text.send) &&
        field(text.amount) !== null
      )
    },
    // The amount field shows the typed value, and the form's live check says what it should.
    validation() {
      const problem = root.querySelector('form .latch-error[aria-live]')
      return field(text.amount)?.value === expect.amount && problem?.textContent === expect.problem
    },
  }
  window.__latchBench = new Promise((resolve, reject) => {
    let startedAt
    let done = false
    const timer = setTimeout(() => {
      stop()
      reject(new Error(`${ready}: not painted within ${timeoutMs} ms`))
    }, timeoutMs)
    const check = () => {
      if (done || startedAt === undefined || !predicates[ready]()) return
      done = true
      stop()
      requestAnimationFrame(() => {
        const channel = new MessageChannel()
        channel.port1.onmessage = () => {
          clearTimeout(timer)
          resolve(performance.now() - startedAt)
        }
        channel.port2.postMessage(null)
      })
    }
    const observer = new MutationObserver(check)
    const stop = () => {
      observer.disconnect()
      window.removeEventListener('input', check)
    }
    window.addEventListener(
      startEvent,
      () => {
        startedAt = performance.now()
        observer.observe(root, {
          subtree: true,
          childList: true,
          attributes: true,
          characterData: true,
        })
        window.addEventListener('input', check)
        check()
      },
      { capture: true, once: true },
    )
  })
  // Never left unhandled: the Node side awaits it.
  window.__latchBench.catch(() => undefined)
}

/** Runs in the page: `window.__latchClickAt` is the next click's time, on the epoch clock. */
function armClickClock() {
  window.__latchClickAt = new Promise((resolve) =>
    window.addEventListener('click', () => resolve(performance.timeOrigin + performance.now()), {
      capture: true,
      once: true,
    }),
  )
}

/** Runs in the page: resolves after two frames, so the page is idle before the next input. */
function settle() {
  return new Promise((resolve) =>
    requestAnimationFrame(() => requestAnimationFrame(() => resolve(undefined))),
  )
}

async function measureInPage(page, probe, act) {
  await page.evaluate(armFormProbe, { timeoutMs: 5_000, text: TEXT, expect: {}, ...probe })
  await act()
  return page.evaluate(() => window.__latchBench)
}

/** Locators of the modal and the Send form, as a person finds them (roles and labels). */
function form(page) {
  const dialog = page.locator('latch-modal').getByRole('dialog')
  return {
    title: dialog.getByRole('heading', { level: 2 }),
    button: (name) => dialog.getByRole('button', { name, exact: true }),
    field: (label) => dialog.getByLabel(label, { exact: true }),
  }
}

/** Waits until the form's check is settled: no fee estimate running, `problem` shown. */
async function formSettled(page, problem) {
  await page.waitForFunction(
    ([estimating, problem]) => {
      const form = document.querySelector('latch-modal')?.shadowRoot?.querySelector('form')
      const status = form?.querySelector('p[role="status"]')
      const shown = form?.querySelector('.latch-error[aria-live]')
      return Boolean(status && status.textContent !== estimating && shown?.textContent === problem)
    },
    [TEXT.estimating, problem],
  )
}

/** Fills the Send form as typed: ETH (once its balance is listed), the amount, the receiver. */
async function fillForm(page, { amount, to }) {
  const { field } = form(page)
  const eth = field(TEXT.token).locator('option', { hasText: /^ETH \(/ })
  await eth.waitFor({ state: 'attached' })
  await field(TEXT.token).selectOption((await eth.getAttribute('value')) ?? '')
  await field(TEXT.receiver).fill(to)
  await field(TEXT.amount).fill(amount)
}

/** Connects the dev wallet from the ConnectButton (not measured) and opens Account. */
async function connectAndOpenAccount(page) {
  await page.getByRole('button', { name: TEXT.connect, exact: true }).click()
  await form(page)
    .button(/Latch Dev Wallet/)
    .click()
  await page.locator('latch-modal').getByRole('dialog').waitFor({ state: 'hidden' })
  await page.getByRole('button', { name: /…/ }).click()
  await form(page).title.filter({ hasText: TEXT.account }).waitFor()
}

/** Back from Send to Account, and the page idle again. */
async function backToAccount(page) {
  const { button, title } = form(page)
  await button(TEXT.back).click()
  await title.filter({ hasText: TEXT.account }).waitFor()
  await button(TEXT.send).waitFor()
  await page.evaluate(settle)
}

/** Figure 1: Account's Send → the form painted; the warm-up open (lazy view) is kept apart. */
async function measureOpen(page) {
  const samples = []
  let first
  for (let run = 0; run <= OPEN_RUNS; run++) {
    const elapsed = await measureInPage(page, { startEvent: 'click', ready: 'sendForm' }, () =>
      form(page).button(TEXT.send).click(),
    )
    if (run === 0) first = elapsed
    else samples.push(elapsed)
    await backToAccount(page)
  }
  return { ...summarizeP90(samples), first }
}

/**
 * The amount the keystroke figure starts from: a power of ten under the balance (with room for
 * the fee) whose next '0' goes over it, so each key flips the form's check.
 */
function flipAmount(balance) {
  let under = 1n
  while (parseEther(String(under * 10n)) <= balance) under *= 10n
  if (parseEther(String(under + 1n)) >= balance) {
    throw new Error(`No amount flips the balance check at ${formatEther(balance)} ETH`)
  }
  return String(under)
}

/**
 * Figure 2: with ETH and a receiver chosen and an amount under the balance, '0' takes the
 * amount over it ('Insufficient ETH balance' shows) and Backspace takes it back (the message
 * goes): every keystroke changes the validation painted. Each one waits for the fee estimate a
 * valid amount starts, then a typist's pause.
 */
async function measureKeystrokes(page, { balance, to }) {
  const under = flipAmount(balance)
  const { field, button } = form(page)
  await button(TEXT.send).click()
  await fillForm(page, { amount: under, to })
  await formSettled(page, '')
  await field(TEXT.amount).focus()
  await page.keyboard.press('End')
  const samples = []
  for (let key = 0; key < KEYSTROKES; key++) {
    const over = key % 2 === 0
    const expect = { amount: over ? `${under}0` : under, problem: over ? TEXT.insufficient : '' }
    samples.push(
      await measureInPage(page, { startEvent: 'keydown', ready: 'validation', expect }, () =>
        page.keyboard.press(over ? '0' : 'Backspace'),
      ),
    )
    await formSettled(page, expect.problem)
    await page.evaluate(settle)
    await page.waitForTimeout(KEY_PAUSE_MS)
  }
  return { ...summarizeP90(samples), under }
}

/**
 * Polls anvil's block number (a cheap call, so the polling takes little of the machine from the
 * page) until a new block holds a transaction from `from` to `to`; with automine that is the
 * block the transaction arrived in. Resolves with its hash and the epoch time of the answer that
 * showed the block.
 */
async function hashOnAnvil(client, { from, to, sinceBlock, timeoutMs = 20_000 }) {
  const deadline = performance.now() + timeoutMs
  let checked = sinceBlock
  while (performance.now() < deadline) {
    const latest = await client.getBlockNumber({ cacheTime: 0 })
    const seenAt = performance.timeOrigin + performance.now()
    for (; checked < latest; checked++) {
      const { transactions } = await client.getBlock({ blockNumber: checked + 1n })
      for (const hash of transactions) {
        const tx = await client.getTransaction({ hash })
        if (tx.from.toLowerCase() === from.toLowerCase() && tx.to?.toLowerCase() === to) {
          return { hash, seenAt }
        }
      }
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
  throw new Error(`No transaction to ${to} on anvil within ${timeoutMs} ms`)
}

/**
 * Figure 3: Send pressed on a filled, checked form → the transaction in a block on anvil (with
 * automine, a transaction is mined as it arrives). The click's time is read on the page's epoch
 * clock and the block's arrival on Node's, both `performance.timeOrigin + performance.now()` on
 * one machine. The warm-up send is kept apart. Between sends, the native send resets the form.
 */
async function measureConfirm(page, { client, from }) {
  const { field, button } = form(page)
  const samples = []
  let first
  for (let run = 0; run <= CONFIRM_RUNS; run++) {
    const to = privateKeyToAccount(generatePrivateKey()).address.toLowerCase()
    await fillForm(page, { amount: SENT_ETH, to })
    await formSettled(page, '')
    await page.evaluate(settle)
    const sinceBlock = await client.getBlockNumber({ cacheTime: 0 })
    await page.evaluate(armClickClock)
    const seen = hashOnAnvil(client, { from, to, sinceBlock })
    // Awaited below; never left unhandled if the click itself fails first.
    seen.catch(() => undefined)
    await page.locator('latch-modal').locator('form button[type="submit"]').click()
    const [{ hash, seenAt }, clickAt] = await Promise.all([
      seen,
      page.evaluate(() => window.__latchClickAt),
    ])
    if (run === 0) first = seenAt - clickAt
    else samples.push(seenAt - clickAt)
    await client.waitForTransactionReceipt({ hash })
    // A native send resets the form on the same view.
    await page.waitForFunction(
      (amount) => amount.value === '',
      await field(TEXT.amount).elementHandle(),
    )
    await button(TEXT.send).waitFor()
  }
  return { ...summarizeP90(samples), first }
}

/**
 * Starts a one-chain devnet and Chromium (both on `cleanups`, the caller's undo list), opens
 * `url` (the built bench-send.html) on it, connects the dev wallet and measures the three
 * figures. A page error is pushed on `pageErrors`. Rejects when a figure cannot be measured.
 */
export async function measureSendFlow({ url, cleanups, pageErrors }) {
  // No pinned ports (LATCH_DEVNET_PORT_A…): a devnet of someone else's may hold them.
  const devnet = await startDevnet({ chains: [{ chainId: 31337 }], env: {} })
  cleanups.push(() => devnet.stop())
  const [chain] = devnet.chains
  const [sender, receiver] = devnet.accounts
  const client = createPublicClient({ transport: http(chain.rpcUrl) })

  const browser = await launchChromium()
  cleanups.push(() => browser.close())
  await browser.context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort())
  const page = await browser.context.newPage()
  page.setDefaultTimeout(20_000)
  page.on('pageerror', (error) => pageErrors.push(String(error)))
  const query = new URLSearchParams({
    rpc: chain.rpcUrl,
    chainId: String(chain.chainId),
    key: sender.privateKey,
  })
  await page.goto(`${url}?${query}`)
  await connectAndOpenAccount(page)

  const open = await measureOpen(page)
  const balance = await client.getBalance({ address: sender.address })
  const keystroke = await measureKeystrokes(page, { balance, to: receiver.address })
  // The keystroke figure left an amount: the send figure starts from an empty one.
  await form(page).field(TEXT.amount).fill('')
  const confirm = await measureConfirm(page, { client, from: sender.address })
  await page.close()
  return { open, keystroke, confirm }
}

/**
 * `node bench/send-flow.mjs`: builds bench-send.html, serves it and prints the three figures,
 * undoing everything on any exit (a signal included), as run.mjs does.
 */
async function runAlone() {
  const { build, preview } = await import('vite')
  const appDir = join(dirname(fileURLToPath(import.meta.url)), '..')
  const cleanups = []
  const pageErrors = []
  let cleaning
  const cleanup = () =>
    (cleaning ??= (async () => {
      for (const step of cleanups.reverse()) await step().catch(console.error)
    })())
  process.once('SIGINT', () => void cleanup().finally(() => process.exit(130)))
  process.once('SIGTERM', () => void cleanup().finally(() => process.exit(143)))
  try {
    const outDir = await mkdtemp(join(tmpdir(), 'latch-bench-send-'))
    cleanups.push(() => rm(outDir, { recursive: true, force: true }))
    const config = { root: appDir, logLevel: 'error' }
    const input = join(appDir, 'bench-send.html')
    await build({ ...config, build: { outDir, rolldownOptions: { input } } })
    const listen = { port: 0, strictPort: true }
    const server = await preview({ ...config, build: { outDir }, preview: listen })
    cleanups.push(() => server.close())
    const url = `http://127.0.0.1:${server.httpServer.address().port}/bench-send.html`
    const figures = await measureSendFlow({ url, cleanups, pageErrors })
    for (const [name, { median, p90 }] of Object.entries(figures)) {
      console.log(`${name}: median ${median.toFixed(1)} ms, p90 ${p90.toFixed(1)} ms`)
    }
    if (pageErrors.length > 0) throw new Error(`The page threw:\n  ${pageErrors.join('\n  ')}`)
  } catch (error) {
    console.error('The send figures could not be measured:', error)
    process.exitCode = 1
  } finally {
    await cleanup()
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runAlone()
