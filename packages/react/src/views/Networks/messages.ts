/** The Networks view's strings. Keys start with 'view.Networks.'; 'view.Networks.title' is the modal title. */
export const networksMessages = {
  'view.Networks.title': 'Choose network',
  'view.Networks.list': 'Networks',
  'view.Networks.active': 'Active',
  'view.Networks.empty': 'No networks are configured.',
} as const
