/** Query keys of the troubleshooting requests, in one place so runs can update what they change. */
export const diagnosticsKeys = {
  all: ['diagnostics'] as const,
  job: (jobId: string) => ['diagnostics', 'job', jobId] as const,
  batch: (batchId: string) => ['diagnostics', 'batch', batchId] as const,
  recentBatches: ['diagnostics', 'recentBatches'] as const,
  history: (deviceId: string) => ['diagnostics', 'history', deviceId] as const,
};
