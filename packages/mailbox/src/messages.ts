import * as z from 'zod'

// maildev's REST API (`GET /api/email`) as this package reads it: only the fields it uses, so a
// maildev release that adds fields changes nothing here, and one that drops a field fails loudly.

const addressSchema = z.object({ address: z.string(), name: z.string().optional() })

const maildevEmailSchema = z.object({
  id: z.string(),
  subject: z.string().default(''),
  time: z.string(),
  from: z.array(addressSchema).default([]),
  to: z.array(addressSchema).default([]),
  envelope: z.object({ to: z.array(addressSchema).default([]) }).optional(),
  text: z.string().optional(),
  html: z.string().optional(),
})

/** maildev's answer to `GET /api/email`: every message, in arrival order. */
export const maildevInboxSchema = z.array(maildevEmailSchema)

/** One message in the mailbox. */
export interface MailMessage {
  /** maildev's id for it (`GET {webUrl}/api/email/{id}`). */
  id: string
  subject: string
  /** Sender addresses, lower case. */
  from: string[]
  /** Recipients (the To header and the SMTP envelope), lower case, without repeats. */
  to: string[]
  /** The plain-text body ('' if none). */
  text: string
  /** The HTML body as maildev sanitized it ('' if none). */
  html: string
  /** When maildev received it (ISO 8601). */
  receivedAt: string
}

/** A maildev message in this package's shape. */
export function toMailMessage(email: z.output<typeof maildevEmailSchema>): MailMessage {
  const lower = (list: { address: string }[]) => list.map((entry) => entry.address.toLowerCase())
  return {
    id: email.id,
    subject: email.subject,
    from: lower(email.from),
    to: [...new Set([...lower(email.to), ...lower(email.envelope?.to ?? [])])],
    text: email.text ?? '',
    html: email.html ?? '',
    receivedAt: email.time,
  }
}
