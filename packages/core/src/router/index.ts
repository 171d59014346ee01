export {
  connectedOnlyViews,
  route,
  socialProviders,
  type NavigationRequest,
  type Route,
  type RouteOf,
  type SocialProvider,
  type ViewDataMap,
  type ViewName,
} from './routes.js'
export {
  defaultRouterFacts,
  guardRoute,
  factsInForce,
  isCloseDisabled,
  resolveBackRoute,
  resolveClosedRoute,
  resolveConnectedRoute,
  resolveOpenRoute,
  type OpenRequest,
  type RouterFacts,
} from './open-rules.js'
export {
  connectMethodOrder,
  orderWalletGroups,
  type ConnectMethodOrderInput,
} from './connect-method-order.js'
