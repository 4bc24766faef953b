#!/bin/sh
# count.sh FILE... prints "LINES NAME" per file, then "total N".
total=0
for f in $*; do
  n=$(wc -w < $f)
  echo "$n $f"
  total=$((total + n))
done
echo "total $total"
