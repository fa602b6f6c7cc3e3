import { createElement as h, type CSSProperties, type ReactNode } from 'react';
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { render } from '@react-email/render';
import type { MailBlock, MailContent, MailLink, SenderPart } from './mailContent.ts';

// Each component from its own package: the collection `@react-email/components` also loads a code highlighter with
// every language it knows, a third of a server's start.
// Server code runs under Node's type stripping, which has no JSX: the components are written with createElement
// (`h`), the same elements JSX would make. React escapes every text and attribute, so user data (the address in
// the footer) can never become markup.

/**
 * The site's design tokens (src/styles/tokens.css) as literal values: mail clients read no CSS variables and
 * no style sheets, so every style is inline. Fonts are the reader's system fonts: nothing is loaded from anywhere.
 */
const theme = {
  text: '#1d1d1b',
  muted: '#55554f',
  background: '#f5f3ef',
  surface: '#ffffff',
  border: '#d6d4cf',
  primary: '#004f8a',
  onPrimary: '#ffffff',
  codeSurface: '#e6f0f8',
  font: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  mono: "'SFMono-Regular', Consolas, 'Liberation Mono', 'Courier New', monospace",
} as const;

const paragraph: CSSProperties = { fontSize: '16px', lineHeight: '24px', color: theme.text, margin: '0 0 16px' };
const small: CSSProperties = { fontSize: '13px', lineHeight: '20px', color: theme.muted, margin: '0 0 8px' };
const link: CSSProperties = { color: theme.primary, textDecoration: 'underline' };

function MailLinkText({ href, text, style }: MailLink & { style?: CSSProperties }) {
  return h(Link, { href, style: { ...link, ...style } }, text);
}

/** The sender line: its parts joined by " · ", a page of the retailer's as its label and the linked address. */
function SenderLine({ parts }: { parts: readonly SenderPart[] }): ReactNode {
  const children: ReactNode[] = [];
  let text = '';
  parts.forEach((part, index) => {
    if (index > 0) text += ' · ';
    if (typeof part === 'string') {
      text += part;
      return;
    }
    children.push(`${text}${part.label}: `, h(MailLinkText, { href: part.href, text: part.href }));
    text = '';
  });
  if (text !== '') children.push(text);
  return h(Text, { style: small }, ...children);
}

function Block({ block }: { block: MailBlock }): ReactNode {
  switch (block.type) {
    case 'heading':
      return h(
        Text,
        { style: { ...paragraph, fontSize: '24px', lineHeight: '32px', fontWeight: 700, margin: '0 0 24px' } },
        block.text,
      );
    case 'paragraph':
      return h(Text, { style: paragraph }, block.text);
    case 'note':
      return h(Text, { style: { ...paragraph, fontSize: '14px', lineHeight: '22px', color: theme.muted } }, block.text);
    case 'button':
      return h(
        Section,
        { style: { margin: '8px 0 24px' } },
        h(
          Button,
          {
            href: block.link.href,
            style: {
              backgroundColor: theme.primary,
              color: theme.onPrimary,
              fontSize: '16px',
              fontWeight: 600,
              borderRadius: '4px',
              padding: '14px 24px',
            },
          },
          block.link.text,
        ),
        block.hint
          ? h(
              Text,
              { style: { ...small, margin: '16px 0 0' } },
              block.hint,
              h('br'),
              h(MailLinkText, { href: block.link.href, text: block.link.href, style: { wordBreak: 'break-all' } }),
            )
          : null,
      );
    case 'code':
      return h(
        Section,
        {
          style: {
            backgroundColor: theme.codeSurface,
            border: `2px dashed ${theme.primary}`,
            borderRadius: '4px',
            padding: '20px 16px',
            margin: '0 0 24px',
            textAlign: 'center',
          },
        },
        h(Text, { style: { ...small, color: theme.text, margin: '0 0 8px' } }, block.label),
        h(
          Text,
          {
            style: {
              fontFamily: theme.mono,
              fontSize: '26px',
              lineHeight: '34px',
              fontWeight: 700,
              letterSpacing: '2px',
              color: theme.primary,
              margin: '0 0 12px',
            },
          },
          block.code,
        ),
        ...block.notes.map((note, index) => h(Text, { key: index, style: { ...small, color: theme.text } }, note)),
        block.link ? h(Text, { style: { ...small, margin: '0' } }, h(MailLinkText, block.link)) : null,
      );
  }
}

/** Width in px of the mail's column, as common clients lay mail out (docs/constants.md#sizes). */
export const MAIL_COLUMN_PIXELS = 600;

/** The space in px between the window's edge and the brand line, the card and the footer (docs/constants.md#sizes). */
export const MAIL_GUTTER_PIXELS = 16;

/** The whole mail: a `MAIL_COLUMN_PIXELS` column of tables, the brand name as text, no images. */
function Mail({ content }: { content: MailContent }) {
  return h(
    Html,
    { lang: content.locale, dir: 'ltr' },
    h(Head, null, h('title', null, content.subject), h('meta', { name: 'color-scheme', content: 'light' })),
    h(Preview, null, content.preheader),
    h(
      Body,
      { style: { backgroundColor: theme.background, fontFamily: theme.font, margin: 0, padding: '24px 0' } },
      h(
        Container,
        { style: { maxWidth: `${MAIL_COLUMN_PIXELS}px`, width: '100%' } },
        h(
          Section,
          { style: { padding: `0 ${MAIL_GUTTER_PIXELS}px 16px` } },
          h(
            Text,
            {
              style: {
                fontSize: '22px',
                lineHeight: '28px',
                fontWeight: 700,
                letterSpacing: '1px',
                color: theme.primary,
                margin: 0,
              },
            },
            'AROMA',
          ),
        ),
        // The card keeps the gutter the brand line and the footer have, so on a phone it does not touch the window's
        // edges (padding on a wrapping table: Outlook ignores margins on tables).
        h(
          Section,
          { style: { padding: `0 ${MAIL_GUTTER_PIXELS}px` } },
          h(
            Section,
            {
              style: {
                backgroundColor: theme.surface,
                border: `1px solid ${theme.border}`,
                borderRadius: '4px',
                padding: '32px 24px',
              },
            },
            ...content.blocks.map((block, index) => h(Block, { key: index, block })),
            h(Text, { style: { ...paragraph, margin: 0 } }, content.signature),
          ),
        ),
        h(
          Section,
          { style: { padding: `16px ${MAIL_GUTTER_PIXELS}px 0` } },
          h(Hr, { style: { borderColor: theme.border, margin: '0 0 16px' } }),
          ...(content.footer?.lines ?? []).map((line, index) => h(Text, { key: `line-${index}`, style: small }, line)),
          ...(content.footer?.links ?? []).map((item, index) =>
            h(Text, { key: `link-${index}`, style: small }, h(MailLinkText, item)),
          ),
          h(SenderLine, { key: 'sender', parts: content.sender }),
        ),
      ),
    ),
  );
}

/** The HTML part of a mail. */
export function mailHtml(content: MailContent): Promise<string> {
  return render(h(Mail, { content }));
}
