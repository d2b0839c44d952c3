import { useRef, useState } from 'react';
import { checkImageFile } from './image-file.ts';

/**
 * A picture chosen in a file field, decoded before it is previewed or sent (`checkImageFile`): a file
 * that is not a picture, whatever its name, is refused beside the field and shows no broken preview.
 * A later choice outranks a check still running. `inputKey` remounts the field when `clear` forgets
 * the choice (once it is saved); `refuse` drops the file with a message of the caller's.
 */
export function useImageChoice() {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [inputKey, setInputKey] = useState(0);
  const choice = useRef(0);

  const choose = async (chosen: File | null) => {
    const mine = ++choice.current;
    setFile(null);
    setProblem(null);
    setChecking(false);
    if (!chosen) return;
    setChecking(true);
    const found = await checkImageFile(chosen);
    if (mine !== choice.current) return;
    setChecking(false);
    setProblem(found);
    setFile(found ? null : chosen);
  };
  const refuse = (message: string) => {
    setFile(null);
    setProblem(message);
  };
  const clear = () => {
    choice.current++;
    setFile(null);
    setProblem(null);
    setChecking(false);
    setInputKey((key) => key + 1);
  };
  return { file, problem, checking, inputKey, choose, refuse, clear };
}
