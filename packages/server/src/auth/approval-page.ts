import { AUTH_API_PATHS } from '@latch/core/api'
import type { PendingApproval } from './device-approval.js'
import { approvalFacts, escapeHtml } from './mail-templates.js'

// The pages of the device-approval link. Opening the link only shows what is being approved:
// the approval is a button (a POST), so a mail scanner that follows links approves nothing. The
// pages load nothing, run nothing, cannot be framed, and send no referrer (the URL holds a
// token).

/** The headers of every approval page. */
export const APPROVAL_PAGE_HEADERS = {
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-frame-options': 'DENY',
  // Not 'no-referrer': under it Chromium posts the form with `Origin: null`, which the auth
  // gate refuses (it lets in only the frame's own origin). The page links nowhere else.
  'referrer-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
} as const

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5}button{font:inherit;padding:.6rem 1.2rem;cursor:pointer}</style>
</head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`
}

/** The link works: what is approved, and the button that approves it. */
export function approvalFormPage(
  projectId: string,
  token: string,
  pending: PendingApproval,
): string {
  const action = `${AUTH_API_PATHS.deviceApprove}?projectId=${encodeURIComponent(projectId)}`
  const facts = pending.requester
    ? `<ul>${approvalFacts({ ...pending.requester, at: pending.requestedAt })
        .map((fact) => `<li>${escapeHtml(fact)}</li>`)
        .join('')}</ul>`
    : ''
  return page(
    'Approve a new device?',
    `<p>A sign-in to the wallet of <strong>${escapeHtml(pending.email)}</strong> from a new device was asked for at ${escapeHtml(pending.requestedAt.toISOString())}.</p>${facts}
<p>Approve only if it was you, just now. A device you approve can use your wallet.</p>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit">Approve this device</button></form>`,
  )
}

export function approvedPage(): string {
  return page(
    'Device approved',
    '<p>Go back to the app. Signing in by email, it continues by itself and a sign-in code is on its way to your email; otherwise try again there.</p>',
  )
}

export function deadLinkPage(): string {
  return page(
    'This link no longer works',
    '<p>It expired, or was used already. Enter your email in the app again to get a new one.</p>',
  )
}
