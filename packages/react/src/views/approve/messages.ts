/** The ApproveTransaction view's strings. */
export const approveTransactionMessages = {
  'view.ApproveTransaction.title': 'Approve request',
  'view.ApproveTransaction.description':
    'Review and approve the request in the secure window of your embedded wallet.',
  'view.ApproveTransaction.method': 'Request: {method}',
  'view.ApproveTransaction.waiting': 'Waiting for your approval…',
} as const
