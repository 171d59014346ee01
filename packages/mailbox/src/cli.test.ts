import { describe, expect, it } from 'vitest'
import { runMailboxCli } from './cli.js'

function io(env: Record<string, string | undefined> = {}) {
  const out: string[] = []
  const err: string[] = []
  return { out, err, io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l), env } }
}

describe('latch-mailbox', () => {
  it('prints the inbox URL and the SMTP address', async () => {
    const run = io()
    const mailbox = await runMailboxCli(['--smtp-port', '0', '--web-port', '0'], run.io)
    try {
      expect(mailbox).toBeDefined()
      expect(run.out).toEqual([
        `latch-mailbox: inbox ${mailbox?.webUrl} (SMTP 127.0.0.1:${mailbox?.smtp.port}). Ctrl-C stops it.`,
      ])
    } finally {
      await mailbox?.stop()
    }
  })

  it('prints one JSON line with --json, taking the ports from the environment', async () => {
    const run = io({ LATCH_MAILBOX_SMTP_PORT: '0', LATCH_MAILBOX_WEB_PORT: '0' })
    const mailbox = await runMailboxCli(['--json'], run.io)
    try {
      expect(JSON.parse(run.out[0] ?? '')).toEqual({
        smtp: { host: '127.0.0.1', port: mailbox?.smtp.port },
        webUrl: mailbox?.webUrl,
      })
    } finally {
      await mailbox?.stop()
    }
  })

  it('refuses a bad port and an unknown option, printing the usage', async () => {
    for (const argv of [['--smtp-port', '70000'], ['--web-port', 'x'], ['--nope']]) {
      const run = io()
      expect(await runMailboxCli(argv, run.io)).toBeUndefined()
      expect(run.err.join('\n')).toMatch(/Usage: latch-mailbox/)
    }
    const help = io()
    expect(await runMailboxCli(['--help'], help.io)).toBeUndefined()
    expect(help.out.join('\n')).toMatch(/Usage: latch-mailbox/)
  })
})
