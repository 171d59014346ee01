import {
  AUTH_API_PATHS,
  updateEmailPrimaryRequestSchema,
  updateEmailPrimaryResponseSchema,
  updateEmailRequestSchema,
  updateEmailResponseSchema,
  updateEmailSecondaryRequestSchema,
  updateEmailSecondaryResponseSchema,
} from '@latch/core/api'
import type { Context } from 'hono'
import { Hono } from 'hono'
import type { AuthDeps } from '../auth/context.js'
import {
  confirmPrimaryOtp,
  confirmSecondaryOtp,
  startEmailUpdate,
  type UpdateRequest,
} from '../auth/email-update.js'
import { readAuthRequest } from '../auth/request.js'
import { requireSignedIn } from '../auth/sessions.js'
import type { ProjectEnv } from '../http/project.js'
import type { Schema } from '../http/validate.js'
import { respond } from '../http/validate.js'

/**
 * Reads a signed-in call: the body, the proof, then the access token (bound to the proving key,
 * of a live session). 401 'Session Expired' without one.
 */
async function readSignedIn<T>(
  c: Context<ProjectEnv>,
  deps: AuthDeps,
  schema: Schema<T>,
): Promise<UpdateRequest & { body: T }> {
  const request = await readAuthRequest(c, deps, schema)
  const { user } = await requireSignedIn(deps, {
    accessToken: request.accessToken,
    jkt: request.device.jkt,
    projectId: request.projectId,
  })
  return { user, jkt: request.device.jkt, ip: request.ip, body: request.body }
}

/** The email update's three steps (SPEC §7 UPDATE_EMAIL, …_PRIMARY_OTP, …_SECONDARY_OTP). */
export function authEmailUpdateRoutes(deps: AuthDeps) {
  const app = new Hono<ProjectEnv>()
  app.post(AUTH_API_PATHS.updateEmail, async (c) => {
    const request = await readSignedIn(c, deps, updateEmailRequestSchema)
    const action = await startEmailUpdate(deps, { ...request, newEmail: request.body.newEmail })
    return respond(c, updateEmailResponseSchema, { action })
  })
  app.post(AUTH_API_PATHS.updateEmailPrimary, async (c) => {
    const request = await readSignedIn(c, deps, updateEmailPrimaryRequestSchema)
    const action = await confirmPrimaryOtp(deps, { ...request, otp: request.body.otp })
    return respond(c, updateEmailPrimaryResponseSchema, { action })
  })
  app.post(AUTH_API_PATHS.updateEmailSecondary, async (c) => {
    const request = await readSignedIn(c, deps, updateEmailSecondaryRequestSchema)
    const email = await confirmSecondaryOtp(deps, { ...request, otp: request.body.otp })
    return respond(c, updateEmailSecondaryResponseSchema, { email })
  })
  return app
}
