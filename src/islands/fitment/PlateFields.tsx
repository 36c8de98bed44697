import { parseSerial } from '../../../shared/fitment/serial.ts';
import { readSerialFormat, type PageSerialFormat } from '../../lib/fitment/badge.ts';

interface Props {
  serial: string;
  nickname: string;
  onSerial: (value: string) => void;
  onNickname: (value: string) => void;
  /** The brand's example serial, when the model is known. */
  serialExample?: string | undefined;
  /** The id of the hint that tells where the serial is. */
  serialHint?: string | undefined;
}

/**
 * What a shopper reads off the data plate beside the model, in the selector
 * (MachinePicker.tsx) and on a model page (ModelSave.tsx): the serial number and a nickname,
 * both optional.
 */
export function PlateFields({
  serial,
  nickname,
  onSerial,
  onNickname,
  serialExample,
  serialHint,
}: Props) {
  return (
    <>
      <label className="mp-field">
        <span>Serial number (optional)</span>
        <input
          value={serial}
          maxLength={32}
          autoComplete="off"
          spellCheck={false}
          placeholder={serialExample}
          aria-describedby={serialHint}
          onChange={(event) => onSerial(event.target.value)}
        />
      </label>
      <label className="mp-field">
        <span>Nickname (optional)</span>
        <input
          value={nickname}
          maxLength={60}
          placeholder="Dock 3 jack"
          onChange={(event) => onNickname(event.target.value)}
        />
      </label>
    </>
  );
}

/**
 * Why a typed serial is not one the brand writes, or '' when it is, or is empty, or the
 * brand's format cannot be read (the fit check then asks to check the serial).
 */
export function serialError(serial: string, brand: string, format: PageSerialFormat): string {
  const readable = readSerialFormat(format);
  if (!serial.trim() || !readable || parseSerial(serial, readable)) return '';
  return `That is not how ${brand} writes a serial number: for example ${format.example}.`;
}
