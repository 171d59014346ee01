// `pnpm bench` for issue 12's social login figures, on the playground as `npm start` runs it (the
// devnet, the Latch server on PGlite with its secure frame, the local identity provider as the six
// providers, the production build), the page on localhost and the frame on 127.0.0.1, in headless
// Chromium:
//   - click → popup at the provider's page: from the click on "Continue with GitHub" to the
//     provider's sign-in page painted in the popup (its first contentful paint);
//   - provider approval → connected: from the click on the provider's Approve to the frame painted
//     in the page once the modal closed on the connected account.
// Each run is a new person's first login (the account and its wallet made), signed out after, on
// a page that stays open; the page's first login (which also loads the secure frame and the
// login's code) is shown apart. A figure, not a test: exit code 1 means something could not be
// measured. Offline: everything listens on 127.0.0.1.
import { enMessages as m } from '@latch/react'
import { summarize } from '../../minimal-host/bench/timing.mjs'
import {
  buildPlayground,
  connectedPainted,
  loadTs,
  openPlayground,
  runBench,
  signOut,
} from './social-stack.mjs'

/* global window */

const RUNS = Number(process.env.LATCH_BENCH_RUNS ?? 10)
const PROVIDER = 'github'

/**
 * A new person for every login (the Latch server releases a returning user's wallet shares only
 * five times a day): each run is a first visit to the provider, the account and wallet made.
 */
const people = Array.from({ length: RUNS + 1 }, (_, index) => ({
  sub: String(30_001 + index),
  username: `bench-visitor-${index}`,
  name: `Bench visitor ${index}`,
}))

/**
 * Runs in the page (and in the popup, on every document): each click is reported to the bench's
 * binding, before any handler of the page runs, with what was clicked (its text, inside shadow
 * roots too) and when, on the clock the page and the popup share (performance.timeOrigin + now).
 */
function reportClicks() {
  window.addEventListener(
    'click',
    (event) => {
      const at = performance.timeOrigin + performance.now()
      void window.__socialBenchClick({ text: event.composedPath()[0]?.textContent ?? '', at })
    },
    { capture: true },
  )
}

/** Runs in the popup: the time (shared clock) its document was first painted with content. */
function firstContentfulPaint() {
  const [paint] = performance.getEntriesByName('first-contentful-paint')
  if (!paint) throw new Error('The popup reported no first contentful paint')
  return performance.timeOrigin + paint.startTime
}

/** One login of `person`, measured: the click on the provider's button to signed in. */
async function measureLogin(page, clicks, person) {
  const dialog = page.locator('latch-modal').getByRole('dialog')
  await page.getByRole('button', { name: m['connectButton.connect'], exact: true }).click()
  const providerName = m[`view.ConnectingSocial.provider.${PROVIDER}`]
  const buttonName = m['view.ConnectingSocial.continueWith'].replace('{provider}', providerName)
  const button = dialog.getByRole('button', { name: buttonName, exact: true })
  await button.waitFor()
  const connected = page.evaluate(connectedPainted, 20_000)
  const opened = page.waitForEvent('popup')
  await button.click()
  const popup = await opened
  await popup.getByLabel('Username').fill(person.username)
  const popupPainted = await popup.evaluate(firstContentfulPaint)
  await popup.getByRole('button', { name: 'Approve', exact: true }).click()
  const connectedAt = await connected
  const clickedAt = clicks.findLast((click) => click.text === buttonName)?.at
  const approvedAt = clicks.findLast((click) => click.text === 'Approve')?.at
  if (clickedAt === undefined || approvedAt === undefined) throw new Error('A click was missed')
  await signOut(page)
  return { toPopup: popupPainted - clickedAt, toConnected: connectedAt - approvedAt }
}

function report(first, runs, chromium) {
  const ms = (value) => `${value.toFixed(0)} ms`.padStart(8)
  const row = (label, samples, firstRun) => {
    const { median, min, max } = summarize(samples)
    return `  ${label.padEnd(36)}${ms(median)}${ms(min)}${ms(max)}${ms(firstRun)}`
  }
  const heads = ['median', 'min', 'max', 'first'].map((head) => head.padStart(8)).join('')
  console.log(
    [
      '',
      `Social login (apps/playground, issue 12): ${PROVIDER}, ${RUNS} first logins after the page's first`,
      `  ${''.padEnd(36)}${heads}`,
      row(
        'click → popup at the provider page',
        runs.map((r) => r.toPopup),
        first.toPopup,
      ),
      row(
        'provider approval → connected',
        runs.map((r) => r.toConnected),
        first.toConnected,
      ),
      '',
      'Popup at the provider page: its sign-in page first painted with content in the popup (the',
      "popup opens on the secure frame's loading page, which sends it there once the frame has the",
      'URL). Connected: the first frame painted once the modal closed on the connected account;',
      'the secure frame asks the server for the result once a second, so up to a second of it is',
      "that wait. Each login is a new person's (the account and its wallet made), signed out after;",
      '"first": the first login on the page, which also loads the secure frame and its code.',
      `${chromium}, headless; the production build on vite preview.`,
      '',
    ].join('\n'),
  )
}

await runBench('social login', async (cleanups) => {
  const outDir = await buildPlayground(cleanups)
  const { startSocialProviders } = await loadTs('e2e/identity-provider.ts')
  const social = await startSocialProviders(people)
  cleanups.push(() => social.stop())
  const clicks = []
  const { page, pageErrors, chromium } = await openPlayground({
    cleanups,
    outDir,
    server: social.server,
    async prepare(context) {
      await context.exposeBinding('__socialBenchClick', (_, click) => void clicks.push(click))
      await context.addInitScript(reportClicks)
    },
  })
  const [firstPerson, ...others] = people
  const first = await measureLogin(page, clicks, firstPerson)
  const runs = []
  for (const person of others) runs.push(await measureLogin(page, clicks, person))
  if (pageErrors.length > 0) throw new Error(`The page threw:\n  ${pageErrors.join('\n  ')}`)
  report(first, runs, chromium)
})
