import { describe, expect, test } from 'vitest';
import { readDeliveryReport } from './deliveryReports.ts';
import { sampleComplaint, sampleDsn } from './reportSamples.ts';

// How reports are read (docs/newsletter.md#suppression): what counts as hard, soft, a complaint, or nothing.
const base = { to: 'bounce+1@aroma.example', recipient: 'Anna@Example.com', messageId: '<m@aroma.example>' };

describe('readDeliveryReport', () => {
  test('a 5.x.x failure is hard, a 4.x.x failure or a delay soft, a delivery nothing', () => {
    expect(readDeliveryReport(sampleDsn(base))).toEqual([
      {
        kind: 'bounce',
        severity: 'hard',
        recipients: ['anna@example.com', 'anna@example.com'],
        status: '5.1.1',
        original: { messageId: base.messageId, text: expect.stringContaining(`Message-ID: ${base.messageId}`) },
      },
    ]);
    expect(readDeliveryReport(sampleDsn({ ...base, status: '4.2.2' }))[0]).toMatchObject({ severity: 'soft' });
    expect(readDeliveryReport(sampleDsn({ ...base, action: 'delayed', status: '4.4.7' }))[0]).toMatchObject({
      severity: 'soft',
    });
    expect(readDeliveryReport(sampleDsn(base).replace('Action: failed', 'Action: delivered'))).toEqual([]);
  });

  test('reads a base64-encoded delivery-status part and LF line ends', () => {
    const dsn = sampleDsn(base).replace(/\r\n/g, '\n');
    const [head, status, ...rest] = dsn.split('Content-Type: message/delivery-status\n\n');
    const [fields = '', tail = ''] = status!.split(/\n(?=--ABC123)/);
    const encoded = `Content-Type: message/delivery-status\nContent-Transfer-Encoding: base64\n\n${Buffer.from(fields).toString('base64')}\n${tail}`;
    expect(readDeliveryReport([head, encoded, ...rest].join(''))[0]).toMatchObject({ severity: 'hard' });
  });

  test('an ARF report is one complaint, with the message it returns; a plain message or another report type is nothing', () => {
    const returned = ['Return-Path: <bounce+1-abcdefghijklmnop@aroma.example>'];
    expect(readDeliveryReport(sampleComplaint({ to: base.to, messageId: base.messageId, returned }))).toEqual([
      {
        kind: 'complaint',
        recipients: [],
        original: { messageId: base.messageId, text: expect.stringContaining(returned[0]!) },
      },
    ]);
    expect(
      readDeliveryReport(
        sampleComplaint({ to: base.to, messageId: base.messageId, originalRcptTo: 'Anna@Example.com' }),
      ),
    ).toEqual([expect.objectContaining({ recipients: ['anna@example.com'] })]);
    expect(readDeliveryReport('From: a@example.com\r\nSubject: Out of office\r\n\r\nAway.')).toEqual([]);
    expect(
      readDeliveryReport(
        sampleDsn(base).replace('report-type=delivery-status', 'report-type=disposition-notification'),
      ),
    ).toEqual([]);
  });
});
