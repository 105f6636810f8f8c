/**
 * Auto-scroll for the message list: it follows new content while the user
 * is at the bottom, and stops following as soon as they scroll up to read,
 * until they come back down (or press "Jump to latest").
 */
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

/** Within this many pixels of the end counts as "at the bottom". */
const SLACK_PX = 48;

export function useStickToBottom(list: RefObject<HTMLElement | null>, content: unknown) {
  const [stuck, setStuck] = useState(true);
  // Read in the effect below without re-running it on every scroll.
  const following = useRef(true);

  useEffect(() => {
    const element = list.current;
    if (!element) return;
    let lastTop = element.scrollTop;
    // Only a move up is the user leaving the end. Scroll events arrive a frame late, and by then a fast
    // stream may have added more than SLACK_PX below a scroll the page made itself: that must not count.
    const onScroll = () => {
      const atBottom = element.scrollHeight - element.scrollTop - element.clientHeight <= SLACK_PX;
      const movedUp = element.scrollTop < lastTop - 1;
      lastTop = element.scrollTop;
      if (atBottom || movedUp) {
        following.current = atBottom;
        setStuck(atBottom);
      }
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, [list]);

  // `content` changes with every streamed part: keep the end in view if the user has not scrolled away.
  // biome-ignore lint/correctness/useExhaustiveDependencies: content is the trigger, not read.
  useEffect(() => {
    const element = list.current;
    if (element && following.current) element.scrollTop = element.scrollHeight;
  }, [list, content]);

  const jump = useCallback(() => {
    const element = list.current;
    if (!element) return;
    following.current = true;
    setStuck(true);
    element.scrollTop = element.scrollHeight;
  }, [list]);

  return { stuck, jump };
}
