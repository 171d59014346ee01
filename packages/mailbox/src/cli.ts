import { parseArgs } from 'node:util'
import { startMailbox, type Mailbox } from './mailbox.js'

/** maildev's own default ports: what `latch.config.example.json`'s SMTP settings point at. */
export const DEFAULT_SMTP_PORT = 1025
export const DEFAULT_WEB_PORT = 1080

const USAGE = `Usage: latch-mailbox [--smtp-port 1025] [--web-port 1080] [--json]

Runs maildev on 127.0.0.1: mail sent to its SMTP port (no TLS, no authentication) shows in the
web inbox, and in its REST API under /api. Prints the inbox URL and runs until Ctrl-C.
Ports also from LATCH_MAILBOX_SMTP_PORT and LATCH_MAILBOX_WEB_PORT; 0 picks a free one.

  --json   print one JSON line {"smtp":{"host","port"},"webUrl"} instead of the sentence
`

/** Where the CLI writes; the bin passes the process's own. */
export interface MailboxCliIo {
  out(line: string): void
  err(line: string): void
  env: Record<string, string | undefined>
}

function readPort(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback
  const port = Number(value)
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new Error(`${name} must be a port number (0-65535), got "${value}"`)
  }
  return port
}

/**
 * `latch-mailbox`: starts the mailbox and prints where it is.
 * @returns the running mailbox, or undefined after printing the usage or an error.
 */
export async function runMailboxCli(
  argv: readonly string[],
  io: MailboxCliIo,
): Promise<Mailbox | undefined> {
  try {
    const { values } = parseArgs({
      args: [...argv],
      options: {
        'smtp-port': { type: 'string' },
        'web-port': { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    })
    if (values.help) {
      io.out(USAGE)
      return undefined
    }
    const mailbox = await startMailbox({
      smtpPort: readPort(
        '--smtp-port',
        values['smtp-port'] ?? io.env.LATCH_MAILBOX_SMTP_PORT,
        DEFAULT_SMTP_PORT,
      ),
      webPort: readPort(
        '--web-port',
        values['web-port'] ?? io.env.LATCH_MAILBOX_WEB_PORT,
        DEFAULT_WEB_PORT,
      ),
    })
    io.out(
      values.json
        ? JSON.stringify({ smtp: mailbox.smtp, webUrl: mailbox.webUrl })
        : `latch-mailbox: inbox ${mailbox.webUrl} (SMTP ${mailbox.smtp.host}:${mailbox.smtp.port}). Ctrl-C stops it.`,
    )
    return mailbox
  } catch (error) {
    io.err(`latch-mailbox: ${(error as Error).message}\n${USAGE}`)
    return undefined
  }
}

/** The bin: runs the CLI in this process, and stops the mailbox cleanly on a signal. */
export async function main(): Promise<void> {
  const mailbox = await runMailboxCli(process.argv.slice(2), {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
    env: process.env,
  })
  if (!mailbox) {
    process.exitCode = process.argv.includes('--help') || process.argv.includes('-h') ? 0 : 2
    return
  }
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      void mailbox.stop().finally(() => process.exit(0))
    })
  }
}
