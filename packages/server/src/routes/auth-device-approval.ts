import { AUTH_API_PATHS, deviceApprovalTokenSchema } from '@latch/core/api'
import type { Context } from 'hono'
import { Hono } from 'hono'
import {
  APPROVAL_PAGE_HEADERS,
  approvalFormPage,
  approvedPage,
  deadLinkPage,
} from '../auth/approval-page.js'
import type { AuthDeps } from '../auth/context.js'
import { approveDevice, findApproval } from '../auth/device-approval.js'
import { AUTH_BODY_MAX_BYTES } from '../auth/request.js'
import { HttpError } from '../http/errors.js'
import type { ProjectEnv } from '../http/project.js'
import { parseRequest } from '../http/validate.js'

const html = (c: Context<ProjectEnv>, body: string, status: 200 | 410 = 200) =>
  c.html(body, status, APPROVAL_PAGE_HEADERS)

/**
 * The mailed approval link of a new device. GET shows what would be approved and a button;
 * the button's POST (from this server's own page: the frame gate lets only its origin in)
 * approves, once. A link that is unknown, used or expired shows so (410).
 */
export function authDeviceApprovalRoutes(deps: AuthDeps) {
  const app = new Hono<ProjectEnv>()
  app.get(AUTH_API_PATHS.deviceApprove, async (c) => {
    const { token } = parseRequest(deviceApprovalTokenSchema, { token: c.req.query('token') })
    const pending = await findApproval(deps, token)
    return pending
      ? html(c, approvalFormPage(c.var.project.id, token, pending))
      : html(c, deadLinkPage(), 410)
  })
  app.post(AUTH_API_PATHS.deviceApprove, async (c) => {
    const text = await c.req.text()
    if (text.length > AUTH_BODY_MAX_BYTES) throw new HttpError(413, 'Request body too large')
    const { token } = parseRequest(
      deviceApprovalTokenSchema,
      Object.fromEntries(new URLSearchParams(text)),
    )
    return (await approveDevice(deps, token))
      ? html(c, approvedPage())
      : html(c, deadLinkPage(), 410)
  })
  return app
}
