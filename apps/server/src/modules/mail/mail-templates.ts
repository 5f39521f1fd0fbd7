import type { Mail } from './mailer.js';

/** HTML bodies of the mails Tollgate sends; every inserted value is escaped. */
const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const page = (paragraphs: string[]) => `<div style="font-family:sans-serif;line-height:1.6">${paragraphs.map((p) => `<p>${p}</p>`).join('')}</div>`;

export function verificationMail(system: string, to: string, code: string, validMinutes: number): Mail {
  return {
    to,
    subject: `${system} email verification`,
    html: page([
      'Hello, you are verifying your email address.',
      `Your verification code is: <strong>${escape(code)}</strong>`,
      `The code is valid for ${validMinutes} minutes. If you did not ask for it, ignore this mail.`,
    ]),
  };
}

export function passwordResetMail(system: string, to: string, link: string, validMinutes: number): Mail {
  return {
    to,
    subject: `${system} password reset`,
    html: page([
      'Hello, you asked to reset your password.',
      `Open <a href="${escape(link)}">this link</a> to reset it: ${escape(link)}`,
      `The link is valid for ${validMinutes} minutes. If you did not ask for it, ignore this mail.`,
    ]),
  };
}

export function quotaReminderMail(system: string, to: string, title: string, quotaText: string, topupLink: string): Mail {
  return {
    to,
    subject: `${system} ${title}`,
    html: page([
      `${escape(title)}: your remaining quota is ${escape(quotaText)}.`,
      `To keep using the service, <a href="${escape(topupLink)}">top up here</a>: ${escape(topupLink)}`,
    ]),
  };
}

export function notificationMail(system: string, to: string, title: string, content: string): Mail {
  return { to, subject: `${system} ${title}`, html: page([escape(content)]) };
}
