#!/bin/bash
# From the repository root, under xvfb-run as part 1, after it saved /tmp/rv-walk/my-level.json.
# Part 2: reopen the saved file, Play from here (mouse), play it with keys to Won, back (Esc).
S=/tmp/rv-walk/shots
target/debug/hollowdeep reactor --edit /tmp/rv-walk/my-level.json --size 1280x720 & P=$!
sleep 7
W=$(xdotool search --onlyvisible --name "Hollowdeep" | tail -1); xdotool windowfocus $W; sleep 0.5
xdotool mousemove 640 700; sleep 0.5
import -window root $S/03-reopened.png
xdotool mousemove 684 12 click 1; sleep 1.5          # Play from here
import -window root $S/04-playing.png
xdotool key d; sleep 0.8; xdotool key d; sleep 0.8  # east twice: onto the reactor control
xdotool key space; sleep 2.5                        # activate (lengthy: a pulse follows)
import -window root $S/05-won.png
xdotool key Escape; sleep 1.5                       # back to the editor
import -window root $S/06-back.png
kill $P
