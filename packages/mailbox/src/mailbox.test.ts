import nodemailer from 'nodemailer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMailbox, type Mailbox } from './mailbox.js'

describe('the local mailbox', () => {
  let mailbox: Mailbox
  beforeAll(async () => {
    mailbox = await startMailbox()
  })
  afterAll(() => mailbox.stop())

  const send = (to: string, subject: string, text: string, html?: string) =>
    nodemailer
      .createTransport({ host: mailbox.smtp.host, port: mailbox.smtp.port, secure: false })
      .sendMail({ from: 'Latch <no-reply@latch.test>', to, subject, text, html })

  const unique = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}@example.test`

  it('listens on 127.0.0.1 on free ports, with the inbox on its own', async () => {
    expect(mailbox.smtp.host).toBe('127.0.0.1')
    expect(mailbox.smtp.port).toBeGreaterThan(0)
    expect(mailbox.webUrl).toMatch(/^http:\/\/127\.0\.0\.1:[0-9]+$/)
    // The inbox is a page for a browser (maildev answers HTML to an Accept: text/html request).
    const page = await fetch(mailbox.webUrl, { headers: { accept: 'text/html' } })
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
  })

  it('receives mail over SMTP and lists it per recipient, in any case', async () => {
    const to = unique('Alice')
    await send(to, 'Hello', 'first')
    await send(unique('bob'), 'Other', 'not for alice')
    const mail = await mailbox.waitForMessage(to.toUpperCase())
    expect(mail).toMatchObject({
      subject: 'Hello',
      from: ['no-reply@latch.test'],
      to: [to.toLowerCase()],
      text: 'first\n',
    })
    expect(await mailbox.messages(to)).toHaveLength(1)
  })

  it('reads the newest code once the asked-for count of mails arrived', async () => {
    const to = unique('codes')
    await send(to, 'Your code', 'Your code is 111111.')
    expect(await mailbox.latestCode(to)).toBe('111111')
    const second = send(to, 'Your code', 'Your code is 222222.')
    expect(await mailbox.latestCode(to, { count: 2 })).toBe('222222')
    await second
  })

  it('reads the link a test asks for, from the text or the HTML', async () => {
    const to = unique('links')
    await send(
      to,
      'Approve',
      'See https://docs.latch.test/ or approve: http://127.0.0.1:8787/v1/auth/device/approve?token=t1',
      '<a href="http://127.0.0.1:8787/v1/auth/device/approve?token=t1&amp;x=1">Approve</a>',
    )
    expect(await mailbox.latestLink(to)).toBe('https://docs.latch.test/')
    expect(await mailbox.latestLink(to, { match: '/device/approve' })).toBe(
      'http://127.0.0.1:8787/v1/auth/device/approve?token=t1',
    )
    expect(await mailbox.latestLink(to, { match: /x=1$/ })).toBe(
      'http://127.0.0.1:8787/v1/auth/device/approve?token=t1&x=1',
    )
    await expect(mailbox.latestLink(to, { match: 'nowhere' })).rejects.toThrow(/no matching link/)
  })

  it('says who it waited for when no mail comes', async () => {
    const to = unique('nobody')
    await expect(mailbox.waitForMessage(to, { timeout: 100 })).rejects.toThrow(
      `0 of 1 message(s) to ${to} after 100 ms`,
    )
    await send(to, 'No code', 'nothing to read')
    await expect(mailbox.latestCode(to)).rejects.toThrow(/no six-digit code/)
  })
})

describe('separate mailboxes', () => {
  it('share nothing, and clear and stop cleanly', async () => {
    const [a, b] = await Promise.all([startMailbox(), startMailbox()])
    try {
      await nodemailer
        .createTransport({ host: a.smtp.host, port: a.smtp.port, secure: false })
        .sendMail({ from: 'x@latch.test', to: 'y@example.test', subject: 's', text: 't' })
      expect(await a.messages()).toHaveLength(1)
      expect(await b.messages()).toHaveLength(0)
      await a.clear()
      expect(await a.messages()).toHaveLength(0)
    } finally {
      await Promise.all([a.stop(), b.stop()])
    }
    // Stopping twice is harmless; the ports are closed.
    await a.stop()
    await expect(fetch(`${a.webUrl}/api/email`)).rejects.toThrow()
  })
})
