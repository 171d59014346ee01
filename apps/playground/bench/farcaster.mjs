// `pnpm bench` for issue 12's Farcaster figures:
//   - Farcaster approval → connected: on the playground as `npm start` runs it (the devnet with its
//     IdRegistry, the Latch server on PGlite with its secure frame and Farcaster relay, the
//     production build), the page on localhost and the frame on 127.0.0.1, in headless Chromium.
//     The Farcaster app is scripted in Node (@latch/devnet/farcaster), as the e2e test's: from its
//     approval (reading the request, signing with the custody key, posting to the relay) to the
//     first frame painted once the modal closed on the connected account. Each run is a new
//     Farcaster account (a fresh custody key, its fid registered), signed out after;
//   - the bytes Farcaster adds to the minimal host's start-up JS (apps/minimal-host, the README's
//     example): the initial chunks' code whose source is a Farcaster module (the button on
//     Connect, the root chart's wiring), by the build's source maps.
// A figure, not a test: exit code 1 means something could not be measured. Offline: everything
// listens on 127.0.0.1.
import { FARCASTER_API_PATHS } from '@latch/core/api'
import { approveSignIn, registerFid } from '@latch/devnet/farcaster'
import { freePort } from '@latch/local-kit/testing'
import { enMessages as m } from '@latch/react'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { summarize } from '../../minimal-host/bench/timing.mjs'
import {
  buildPlayground,
  connectedPainted,
  openPlayground,
  runBench,
  signOut,
} from './social-stack.mjs'
import { buildMinimalHost, startupBytesMatching } from './startup-bytes.mjs'

const RUNS = Number(process.env.LATCH_BENCH_RUNS ?? 10)
// The login's secrets, for this run only (the server reads them from its environment).
process.env.LATCH_AUTH_SECRET ??= 'bench-auth-secret-0123456789abcdefghijklmnop'
process.env.LATCH_CUSTODY_KEY ??= 'bench-custody-key-0123456789abcdefghijklmnop'

/** One sign-in by a new Farcaster account, measured from its approval to connected. */
async function measureSignIn(page, app) {
  const dialog = page.locator('latch-modal').getByRole('dialog')
  await page.getByRole('button', { name: m['connectButton.connect'], exact: true }).click()
  const name = m['view.ConnectingSocial.continueWith'].replace('{provider}', 'Farcaster')
  await dialog.getByRole('button', { name, exact: true }).click()
  const open = dialog.getByRole('link', { name: new RegExp(m['view.ConnectingFarcaster.open']) })
  const url = await open.getAttribute('href')
  const custody = privateKeyToAccount(generatePrivateKey())
  const fid = Number(await registerFid(app.rpcUrl, custody))
  const connected = page.evaluate(connectedPainted, 20_000)
  // Both clocks are the wall clock: the page's timeOrigin + now, Node's Date.now().
  const approvedAt = Date.now()
  const sent = await approveSignIn(url, { fid, custody, username: `bench-${fid}` }, app)
  if (sent.status !== 201) throw new Error(`The relay refused the approval (${sent.status})`)
  const connectedAt = await connected
  await signOut(page)
  return connectedAt - approvedAt
}

await runBench('Farcaster', async (cleanups) => {
  // Both built first: loading TypeScript through Vite's module runner (openPlayground) sets
  // NODE_ENV to development, which a build after it would follow.
  const size = startupBytesMatching(await buildMinimalHost(cleanups), /farcaster/i)
  const outDir = await buildPlayground(cleanups)
  const [serverPort, smtpPort] = [await freePort(), await freePort()]
  const publicUrl = `http://127.0.0.1:${serverPort}`
  const { page, pageErrors, devnet, server, chromium } = await openPlayground({
    cleanups,
    outDir,
    // Farcaster needs the auth section; no email is sent, so nothing listens for SMTP.
    server: { port: serverPort, auth: { publicUrl, smtp: { host: '127.0.0.1', port: smtpPort } } },
  })
  const app = {
    relay: `${server.url}${FARCASTER_API_PATHS.relay}`,
    rpcUrl: devnet.chains[0].rpcUrl,
  }
  const first = await measureSignIn(page, app)
  const runs = []
  for (let run = 0; run < RUNS; run++) runs.push(await measureSignIn(page, app))
  if (pageErrors.length > 0) throw new Error(`The page threw:\n  ${pageErrors.join('\n  ')}`)

  const { median, min, max } = summarize(runs)
  const ms = (value) => `${value.toFixed(0)} ms`.padStart(8)
  console.log(
    [
      '',
      `Sign in with Farcaster (apps/playground, issue 12): ${RUNS} sign-ins after the page's first`,
      `  ${''.padEnd(36)}${'median'.padStart(8)}${'min'.padStart(8)}${'max'.padStart(8)}${'first'.padStart(8)}`,
      `  ${'Farcaster approval → connected'.padEnd(36)}${ms(median)}${ms(min)}${ms(max)}${ms(first)}`,
      '',
      "From the scripted Farcaster app's approval (reading the request, signing the message with",
      'the custody key, posting it to the relay, which checks the fid on the IdRegistry) to the first',
      'frame painted once the modal closed on the connected account. The secure frame asks the',
      'server for the result once a second, so up to a second of it is that wait. Each run is a new',
      'account (its wallet made), signed out after; "first": the page\'s first sign-in (the secure',
      'frame was loaded already: the QR code needs it).',
      `${chromium}, headless; the production build on vite preview.`,
      '',
      `Farcaster in the minimal host's start-up JS (apps/minimal-host): ${size.gzip} B gzip alone (${size.minified} B minified)`,
      ...size.files.map((file) => `  ${file}`),
      "The button on Connect, its strings (the catalogue ships whole) and the root chart's wiring; the",
      'sign-in itself (its machine, the frame calls) is in the runtime chunk, and the',
      'ConnectingFarcaster view (the QR code) in its own.',
      '',
    ].join('\n'),
  )
})
