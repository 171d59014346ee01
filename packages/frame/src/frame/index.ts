// `@latch/frame/endpoint`: the frame's end, for apps/secure-frame.
export {
  createFrameEndpoint,
  type FrameEndpoint,
  type FrameEndpointOptions,
  type FrameHandler,
  type FrameHandlerContext,
  type FrameHandlers,
  type FrameNotify,
  type FrameNotifyArgs,
} from './endpoint.js'
export {
  isAllowedParent,
  readParentOrigin,
  type AllowedParentOrigins,
  type FrameWindow,
} from './parent-origin.js'
