// Delivery of outbox messages. Email goes through SMTP when SMTP_URL is set; SMS has no provider
// configured in this product yet, so it stays in the demo outbox. A channel without a transport is
// in demo mode: its messages are kept for the admin's outbox page and codes are shown to the user.
import nodemailer from 'nodemailer';

export interface OutgoingMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Transport {
  send(message: OutgoingMessage): Promise<void>;
  close?(): void;
}

export interface Transports {
  email?: Transport;
  sms?: Transport;
}

export function createSmtpTransport(url: string, from: string): Transport {
  const transporter = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transporter.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    },
    close: () => transporter.close(),
  };
}
