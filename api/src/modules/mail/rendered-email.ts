/** A guest e-mail in one language: its subject, its text and (when it has one) its HTML. */
export interface RenderedEmail {
  subject: string;
  text: string;
  html?: string;
}
