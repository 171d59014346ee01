import {
  AUTH_API_PATHS,
  authTokensSchema,
  connectDeviceRequestSchema,
  connectDeviceResponseSchema,
  connectEmailRequestSchema,
  connectEmailResponseSchema,
  connectOtpRequestSchema,
} from '@latch/core/api'
import { Hono } from 'hono'
import type { AuthDeps } from '../auth/context.js'
import { connectDevice, connectEmail, connectOtp, type LoginRequest } from '../auth/login.js'
import { readAuthRequest, type AuthRequest } from '../auth/request.js'
import type { ProjectEnv } from '../http/project.js'
import { respond } from '../http/validate.js'

const loginRequest = (request: AuthRequest<{ email: string }>): LoginRequest => ({
  email: request.body.email,
  device: request.device,
  projectId: request.projectId,
  ip: request.ip,
  requester: request.requester,
})

/**
 * The login's three calls (SPEC §7 CONNECT_EMAIL, CONNECT_DEVICE, CONNECT_OTP), each with a
 * device proof; bodies and answers are core's shared schemas.
 */
export function authLoginRoutes(deps: AuthDeps) {
  const app = new Hono<ProjectEnv>()
  app.post(AUTH_API_PATHS.email, async (c) => {
    const request = await readAuthRequest(c, deps, connectEmailRequestSchema)
    const action = await connectEmail(deps, loginRequest(request))
    return respond(c, connectEmailResponseSchema, { action })
  })
  app.post(AUTH_API_PATHS.device, async (c) => {
    const request = await readAuthRequest(c, deps, connectDeviceRequestSchema)
    const action = await connectDevice(deps, loginRequest(request))
    return respond(c, connectDeviceResponseSchema, { action })
  })
  app.post(AUTH_API_PATHS.otp, async (c) => {
    const request = await readAuthRequest(c, deps, connectOtpRequestSchema)
    const tokens = await connectOtp(deps, { ...loginRequest(request), otp: request.body.otp })
    return respond(c, authTokensSchema, tokens)
  })
  return app
}
