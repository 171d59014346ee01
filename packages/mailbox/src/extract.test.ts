import { describe, expect, it } from 'vitest'
import { extractCode, extractLinks } from './extract.js'

const mail = (text: string, html = '', subject = '') => ({ subject, text, html })

describe('reading a mail', () => {
  it('finds a six-digit code in the text, then the subject, then the HTML', () => {
    expect(extractCode(mail('Your code is 042817. It expires in 10 minutes.'))).toBe('042817')
    expect(extractCode(mail('no code here', '', '913004 is your code'))).toBe('913004')
    expect(extractCode(mail('', '<p>Code: <b>550123</b></p>'))).toBe('550123')
  })

  it('never takes part of a longer number or a shorter one for a code', () => {
    expect(extractCode(mail('order 12345678, year 2026, pin 1234'))).toBeUndefined()
    expect(extractCode(mail('ref 1234567 then 765432'))).toBe('765432')
  })

  it('lists the links of the text, then the decoded hrefs, without repeats', () => {
    const links = extractLinks(
      mail(
        'Approve: https://latch.example/v1/auth/device/approve?projectId=p&token=abc (valid 15 min).',
        '<a href="https://latch.example/v1/auth/device/approve?projectId=p&amp;token=abc">Approve</a>' +
          '<a href=\'http://127.0.0.1:8787/help\'>Help</a><a href="mailto:x@y.test">mail</a>',
      ),
    )
    expect(links).toEqual([
      'https://latch.example/v1/auth/device/approve?projectId=p&token=abc',
      'http://127.0.0.1:8787/help',
    ])
  })
})
