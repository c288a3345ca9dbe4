/** A file attached to a mail (the invoice PDF). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** One mail: plain text body, optional attachments. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[];
}

/** Sends mails; throws AppError C0140 when the provider cannot. */
export interface MailProvider {
  readonly kind: 'outbox' | 'http';
  send(message: MailMessage): Promise<void>;
}
