#!/bin/bash
# From the repository root, under: xvfb-run -a -s "-screen 0 1280x720x24" docs/editor/walkthrough-part1.sh
# (mkdir -p /tmp/rv-walk/shots first; the screenshots land there).
# Part 1: build a level from New with mouse clicks only, save it, quit.
S=/tmp/rv-walk/shots
c() { xdotool mousemove $1 $2 click 1; sleep 0.6; }   # one click
cell() { echo $((274 + 58 * $1)) $((130 + 58 * $2)); }  # centre of board cell (x, y) on a 12x9 level
drag() { read x0 y0 < <(cell $1 $2); read x1 y1 < <(cell $3 $4); xdotool mousemove $x0 $y0 mousedown 1; sleep 0.3; xdotool mousemove $(( (x0+x1)/2 )) $(( (y0+y1)/2 )); sleep 0.3; xdotool mousemove $x1 $y1; sleep 0.3; xdotool mouseup 1; sleep 0.6; }
target/debug/hollowdeep reactor --edit --size 1280x720 & P=$!
sleep 7
W=$(xdotool search --onlyvisible --name "Hollowdeep" | tail -1); xdotool windowfocus $W; sleep 0.5
c 29 12                                   # New
c 70 242                                  # tool: Wall
drag 6 3 6 6                              # a wall of four cells, one stroke
c 40 107                                  # layer: Fuel
c 84 215                                  # tool: Network cell
drag 2 4 9 4                              # a fuel pipe, one stroke
c 78 242                                  # tool: Source
c $(cell 2 4)                             # the source at the pipe's west end
c 50 61                                   # layer: Surface
c 84 296                                  # tool: Consumer
c $(cell 9 4)                             # the consumer at the pipe's east end
c 98 566                                  # tool: Reactor control
c $(cell 4 1)
c 86 269                                  # tool: Robot start
c $(cell 2 1)
c 1100 217                                # Required fuel consumers: +
xdotool mousemove 640 700; sleep 1
import -window root $S/01-built.png
c 205 12                                  # the path field
xdotool type --delay 40 /tmp/rv-walk/my-level.json; sleep 0.3
c 460 12                                  # Save as
sleep 0.5
import -window root $S/02-saved.png
c 814 12                                  # Quit
sleep 2
if kill -0 $P 2>/dev/null; then echo "still running"; kill $P; else echo "quit: exited"; fi
