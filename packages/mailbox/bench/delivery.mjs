// `pnpm bench` for @latch/mailbox: how long startMailbox() takes, and how long a mail takes from
// nodemailer's sendMail() to being readable through maildev's REST API (waitForMessage), which is
// the mailbox's share of "email submitted → mail in maildev". A figure, not a test: nothing here
// fails on speed. Offline: 127.0.0.1 only.
import nodemailer from 'nodemailer'
import { startMailbox } from '../dist/index.js'

const STARTS = Number(process.env.LATCH_BENCH_STARTS ?? 3)
const RUNS = Number(process.env.LATCH_BENCH_RUNS ?? 20)

function summary(values) {
  const sorted = [...values].sort((a, b) => a - b)
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]
  const f = (n) => `${n.toFixed(1)} ms`.padStart(10)
  return `median ${f(at(0.5))}  p90 ${f(at(0.9))}  min ${f(sorted[0])}  max ${f(sorted.at(-1))}`
}

const starts = []
for (let i = 0; i < STARTS; i++) {
  const t0 = performance.now()
  const mailbox = await startMailbox()
  starts.push(performance.now() - t0)
  await mailbox.stop()
}

const mailbox = await startMailbox()
const transport = nodemailer.createTransport({ ...mailbox.smtp, secure: false })
const deliveries = []
try {
  for (let i = 0; i < RUNS; i++) {
    const to = `bench-${i}@example.test`
    const t0 = performance.now()
    await transport.sendMail({
      from: 'bench@latch.test',
      to,
      subject: 'code',
      text: `${100000 + i}`,
    })
    await mailbox.latestCode(to)
    deliveries.push(performance.now() - t0)
  }
} finally {
  await mailbox.stop()
}
console.log(`@latch/mailbox  start (${STARTS}×)            ${summary(starts)}`)
console.log(`@latch/mailbox  send → read via REST (${RUNS}×) ${summary(deliveries)}`)
