/** Thrown by a job for a reason the user should read (no data, a deleted algorithm...). */
export class JobError extends Error {}
